"""Run-time hook of the bundle: ``pkgutil.iter_modules`` over frozen packages.

The command help and the exporter registry list their modules with
``pkgutil.iter_modules``. In a frozen program the package folders are served by
PyInstaller's path finder, which pkgutil cannot list on its own. PyInstaller's
hook for that imports pkgutil (and through it typing, re and enum) at every
start, ``--version`` included; this one gives the finder an
``iter_modules`` method instead, so nothing is imported until a listing is
asked for.
"""


def _install() -> None:
    import pyimod02_importers  # PyInstaller's bootstrap module (present when frozen)

    finder_class = pyimod02_importers.PyiFrozenFinder

    def iter_modules(self, prefix=""):
        import pkgutil

        node = pyimod02_importers.get_pyz_toc_tree()  # modules in the archive, if any
        for part in self._pyz_entry_prefix.split(".") if self._pyz_entry_prefix else ():
            node = node.get(part) if isinstance(node, dict) else None
        for name, entry in (node if isinstance(node, dict) else {}).items():
            yield prefix + name, isinstance(entry, dict)
        if self.fallback_finder is not None:  # modules stored as files (noarchive)
            yield from pkgutil.iter_importer_modules(self.fallback_finder, prefix)

    finder_class.iter_modules = iter_modules


_install()
del _install
