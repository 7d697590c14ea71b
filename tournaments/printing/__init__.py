"""What the director prints: guide cards, traveling slips, the tabulating sheet, QR codes.

``data`` gathers plain dataclasses from a session (once, from the stored
movement and the database); ``pdf`` draws them with reportlab, and the HTML
print pages render the very same dataclasses, so the paper and the screen
never disagree.
"""
