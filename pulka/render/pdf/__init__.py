"""The printable PDF: the document (:mod:`.document`), its pages, geometry and style, the fonts
it finds and reads, and the continuation sheets of a long game. Only the modules that draw
import reportlab."""
