"""Sub-config fields sort after the object that holds them.

The form and ``ascend-studio params`` list parameters by ``order``: a field listed
before its holder shows up, indented, above the group it belongs to
(DynamicInputConfig's four fields did).
"""

from __future__ import annotations

from ascend_studio.schema import shipped_catalog


def test_sub_config_fields_come_right_after_their_holder() -> None:
    catalog = shipped_catalog()
    ordered = sorted(catalog.params, key=lambda p: p.order)
    holders = [p for p in ordered if p.kind == "subconfig"]
    assert holders
    for holder in holders:
        fields = [p for p in ordered if p.path.startswith(holder.path + ".")]
        assert fields, holder.path
        early = [f.path for f in fields if f.order < holder.order]
        assert not early, (holder.path, early)
