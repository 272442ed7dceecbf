"""The details / "why" panel: everything known about the selected parameter.

A thin widget over :func:`why_sections`; it re-renders when the profile, the
selected parameter or the language changes (an edit patches the blocks that
changed: ``why/_patch.py``), and turns parameter links into
``parameter_activated`` so the window can jump to that field.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from ascend_studio.paths import ArtifactCatalog, load_artifacts
from ascend_studio.profile import Profile
from ascend_studio.schema import Catalog
from ascend_studio.ui._i18n import Language
from ascend_studio.ui._lazy import LazyView
from ascend_studio.ui.why._html import why_sections
from ascend_studio.ui.why._patch import (
    patch_document,
    patch_sections,
    same_blocks,
    section_chunks,
    section_spans,
    skeleton,
)

__all__ = ["WhyPanel"]


class WhyPanel(LazyView):
    parameter_activated = Signal(str)

    def __init__(
        self,
        catalog: Catalog,
        profile: Profile | None = None,
        artifacts: ArtifactCatalog | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("why")
        self.catalog = catalog
        self.artifacts = artifacts or load_artifacts()
        self.profile = profile or Profile()
        self.path = ""
        self.lang: Language = "en"
        self._page = self._shape = ""
        self._sections: list[str] = []  # the parts of the page shown
        #: How many blocks each part makes in the shown document: [] not known yet,
        #: None when the parts do not line up with it (the whole page is compared).
        self._spans: list[int] | None = []
        #: Per part, whether its markup's chunks are its blocks (``section_chunks``).
        self._lined: list[bool] = []
        self._anew = False  # the next page is set whole (every word changes)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("why:browser")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link_clicked)
        self.browser.document().setUndoRedoEnabled(False)  # patched pages keep no history
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)

    def set_parameter(self, path: str) -> None:
        if path != self.path:
            self.path = path
            self._changed()

    def set_profile(self, profile: Profile) -> None:
        if profile != self.profile:
            self.profile = profile
            self._changed()

    def set_language(self, lang: Language) -> None:
        if lang != self.lang:
            self.lang = lang
            self._anew = True  # every block changes: comparing them costs more than it saves
            self._changed()

    def refresh(self) -> None:
        self._stale = False
        sections = why_sections(self.catalog, self.artifacts, self.profile, self.path, self.lang)
        page = "".join(sections)
        if page == self._page:
            return  # laying out rich text is the expensive part; most edits change nothing here
        shape = skeleton(page)
        patched = same_blocks(shape, self._shape) and not self._anew and self._patch(sections, page)
        self._sections = sections
        self._page, self._shape, self._anew = page, shape, False
        if patched:  # only the blocks that changed are laid out and painted again
            return
        bar = self.browser.verticalScrollBar()
        position = bar.value()
        self.browser.setHtml(page)
        bar.setValue(position)
        self._spans = []  # found at the next edit, if one comes

    def _patch(self, sections: list[str], page: str) -> bool:
        """Bring the shown page to ``sections`` in place: the parts that changed, else
        the whole page block by block."""
        document = self.browser.document()
        if self._spans == []:
            self._spans = section_spans(document, self._sections)
            if self._spans is not None:
                self._lined = section_chunks(document, self._sections, self._spans)
        if self._spans is not None and patch_sections(
            document, self._sections, sections, self._spans, self._lined
        ):
            return True
        if not patch_document(document, page):
            return False
        self._spans = []  # the parts may lie elsewhere now
        return True

    def text(self) -> str:
        """The page as plain text (what a reader sees), brought up to date."""
        self._ensure_fresh()
        return self.browser.toPlainText()

    def _link_clicked(self, url: QUrl) -> None:
        if url.scheme() == "param":
            self.parameter_activated.emit(url.path())
