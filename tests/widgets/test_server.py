"""widgets/server.py: nbconvert's exporters, one per page in Voilà, share compiled templates: a second page does not
compile them again, code compiled to run async is not given to a synchronous environment, and a changed template is
compiled anew."""

from __future__ import annotations

from pathlib import Path

import jinja2
from nbconvert.exporters import templateexporter

import widgets.server  # noqa: F401  (what Voilà's import of its websocket class does)


def test_a_pages_templates_are_compiled_once_per_server_not_once_per_page(tmp_path: Path, monkeypatch) -> None:
    compiled: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, *args, **kwargs):
        compiled.append(f"{name}:{'async' if self.is_async else 'sync'}")
        return compile_(self, source, name, filename, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    page = tmp_path / f"page-{tmp_path.name}.j2"  # a name no other test has compiled in this process
    page.write_text("{{ 1 + 1 }}")

    def render(is_async: bool = False) -> str:
        environment = templateexporter.Environment(loader=jinja2.FileSystemLoader(tmp_path), enable_async=is_async)
        template = environment.get_template(page.name)
        return "async" if is_async else template.render()

    assert render() == "2" and render() == "2"  # two pages
    render(is_async=True)
    page.write_text("{{ 2 + 2 }}")
    assert render() == "4"
    assert compiled == [f"{page.name}:sync", f"{page.name}:async", f"{page.name}:sync"]
