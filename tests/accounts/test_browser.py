"""Sign-up and log-in in a real Chromium, on both databases; the site's pages run clean under the CSP."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from .conftest import PASSWORD, new_email

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"


def in_browser(site: dict, test) -> None:
    """Run `test(page)` in a fresh Chromium, in its own thread.

    Playwright's sync API refuses to start while another sync instance (tests/web's session browser)
    holds this thread's event loop; a thread has a loop of its own."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (.ci/run does)")
    failure: list[BaseException] = []

    def run() -> None:
        from playwright.sync_api import sync_playwright
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"])
                context = browser.new_context(base_url=site["base"], viewport={"width": 1000, "height": 800})
                page = context.new_page()
                page.console_errors = []
                # Only what the CSP blocks: a form refused with 401 also logs a "failed to load" line, rightly.
                page.on("console", lambda m: ("Content Security Policy" in m.text or "Refused to" in m.text)
                        and page.console_errors.append(m.text))
                try:
                    test(page)
                finally:
                    browser.close()
        except BaseException as err:  # noqa: BLE001 - handed back to the test's own thread
            failure.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=300)
    if failure:
        raise failure[0]


def test_sign_up_then_log_in_in_the_browser(site):
    in_browser(site, lambda page: _sign_up_then_log_in(page, site))


def _sign_up_then_log_in(page, site) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    email = new_email()
    page.goto("/cuenta/alta")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("form.account button")
    page.wait_for_url("**/cuenta")
    assert page.locator("#account-email").inner_text() == email
    assert "Plan gratuito" in page.locator("#plan").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"accounts-home-{site['backend']}.png"))
    page.click("form.logout button")
    page.wait_for_url(lambda url: url.endswith("/"))
    page.goto("/cuenta/entrar")
    page.fill("#email", email)
    page.fill("#password", "wrong password!!")
    page.click("form.account button")
    assert page.locator("#form-error").inner_text() == "Email o contraseña incorrectos."
    page.fill("#password", PASSWORD)
    page.click("form.account button")
    page.wait_for_url("**/cuenta")
    assert page.locator("#account-email").inner_text() == email
    cookie = next(c for c in page.context.cookies() if c["name"] == "gw_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert not page.console_errors, page.console_errors


def test_pages_run_under_the_csp(site):
    in_browser(site, _pages_run_under_the_csp)


def _pages_run_under_the_csp(page) -> None:
    # Any inline script or style would show up as a CSP violation in the console.
    for path in ("/", "/reglas/702.19c", "/glosario", "/cartas/Lightning%20Bolt", "/mesa", "/cuenta/entrar"):
        page.goto(path)
        assert page.locator("link[rel=stylesheet]").count() == 1
    page.goto("/reglas/702.19c")
    page.fill("#q", "arroll")  # app.js still runs: the autocomplete fetches from the same origin
    page.wait_for_timeout(600)
    assert not page.console_errors, page.console_errors
    color = page.evaluate("getComputedStyle(document.querySelector('header.top')).backgroundColor")
    assert color == "rgb(35, 21, 13)"  # the stylesheet applied
