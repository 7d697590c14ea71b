"""The REST API of entry: the tables' own API, slips, calls, the drive and mnemonic sitting, closing."""
