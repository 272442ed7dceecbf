"""The details / "why" panel: everything known about the selected parameter.

A thin widget over :func:`why_html`; it re-renders when the profile, the
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
from ascend_studio.ui.why._html import why_html
from ascend_studio.ui.why._patch import patch_document, skeleton

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
        self.lang = lang
        self._changed()

    def refresh(self) -> None:
        self._stale = False
        page = why_html(self.catalog, self.artifacts, self.profile, self.path, self.lang)
        if page == self._page:
            return  # laying out rich text is the expensive part; most edits change nothing here
        shape = skeleton(page)
        patched = shape == self._shape and patch_document(self.browser.document(), page)
        self._page, self._shape = page, shape
        if patched:  # only the blocks that changed are laid out and painted again
            return
        bar = self.browser.verticalScrollBar()
        position = bar.value()
        self.browser.setHtml(page)
        bar.setValue(position)

    def text(self) -> str:
        """The page as plain text (what a reader sees), brought up to date."""
        self._ensure_fresh()
        return self.browser.toPlainText()

    def _link_clicked(self, url: QUrl) -> None:
        if url.scheme() == "param":
            self.parameter_activated.emit(url.path())
