"""The workbook (:mod:`.book`): its cells, the deals sheet, the history sheet and how each
sheet prints."""
