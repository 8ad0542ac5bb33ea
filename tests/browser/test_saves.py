"""Save, Load and Share in a game app in Voilà, as a teacher uses them: save a game to a file, load it into a new
game, be refused a spoilt file with the field named and the game kept, and open a share link, also from `make
classroom`'s preheated kernels (which ran the notebook before the link was opened)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from harness import (
    PLAY_READY,
    make_voila_args,
    one_notebook_folder,
    open_app,
    render_url,
    running_voila,
    wait_for,
    wait_for_log,
)
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

APP = "napoletana.ipynb"


def seed_box(page: Page):
    return page.locator(".widget-inline-hbox", has=page.get_by_text("Deal number", exact=True)).locator("input")


def feedback(page: Page):
    return page.locator(".cg-flash").last


def choose_file(page: Page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator(".cg-saves .cg-load").click()
    chooser.value.set_files(str(path))


def test_save_then_load_then_a_spoilt_file_then_share(page: Page, voila_url: str, tmp_path: Path) -> None:
    open_app(page, voila_url, APP + "#play", ready=PLAY_READY)
    page.get_by_role("button", name="Keep this hand").last.click()  # a move: the bot answers, at its pace
    expect(page.locator(".cg-table").last.locator(".cg-prompt")).to_contain_text("Your turn")  # the war has begun
    saved_seed = seed_box(page).input_value()

    with page.expect_download() as download:
        page.locator(".cg-saves .cg-save").click()
    assert download.value.suggested_filename == "napoletana-position.json"
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["game"] == "napoletana" and data["seat"] == "red" and data["position"]["phase"] != "mulligan"
    expect(feedback(page)).to_contain_text("saved as a file")

    page.get_by_role("button", name="New game").click()
    expect(seed_box(page)).not_to_have_value(saved_seed)
    choose_file(page, saved)
    expect(feedback(page)).to_contain_text("saved.json is loaded")
    expect(seed_box(page)).to_have_value(saved_seed)

    data["position"]["sides"]["red"]["coins"] = "two"
    spoilt = tmp_path / "spoilt.json"
    spoilt.write_text(json.dumps(data))
    choose_file(page, spoilt)
    expect(feedback(page)).to_contain_text("spoilt.json cannot be loaded; the game is as it was.")
    expect(feedback(page)).to_contain_text("sides.red.coins")
    expect(seed_box(page)).to_have_value(saved_seed)

    page.locator(".cg-saves .cg-share").click()
    link = page.locator(".cg-share-link")
    expect(link).to_have_value(re.compile(rf"/voila/render/{APP}\?position=[\w-]+#play$"))
    shared = page.context.new_page()
    shared.goto(link.input_value(), wait_until="commit")
    wait_for(shared, PLAY_READY)
    expect(shared.get_by_text("This is the position of the link you opened.")).to_be_visible()
    expect(seed_box(shared)).to_have_value(saved_seed)


def test_a_share_link_opens_its_position_from_a_preheated_kernel(browser: Browser, tmp_path: Path) -> None:
    """`make classroom`: the notebook ran in a pooled kernel before anyone asked; the link's position still shows."""
    import cardlib
    from cardlib.saves import link_code

    prepared = cardlib.load("napoletana").new(seed=4242).play("keep")
    code = link_code(prepared, "red")
    folder = one_notebook_folder(tmp_path / "class", APP)
    log = tmp_path / "voila.log"
    with running_voila(folder=folder, log=log, extra_args=tuple(make_voila_args("classroom", POOL="1"))) as (base, _):
        wait_for_log(log, f"Kernel pool of {APP} is filled")
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(render_url(base, f"{APP}?position={code}#play"), wait_until="commit")
        wait_for(page, PLAY_READY)
        assert "Using pre-heated kernel" in log.read_text()
        expect(page.get_by_text("This is the position of the link you opened.")).to_be_visible()
        expect(seed_box(page)).to_have_value("4242")
        context.close()
