/* The hall's screen reads itself again every 20 seconds (a meta refresh is an accessibility fault). */
(function () {
  "use strict";
  setTimeout(function () { location.reload(); }, 20000);
})();
