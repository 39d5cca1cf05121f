"""A real browser for the player pages: Debian's chromium, driven by Selenium.

Only the system's browser is used (the `chromium` and `chromium-driver` packages, which
`.ci/run` installs): Selenium is pointed at those binaries, so it never downloads a
browser of its own. Where either is missing the tests skip and say why.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

BROWSER_NAMES = ("chromium", "chromium-browser")
DRIVER_NAMES = ("chromedriver", "chromium.chromedriver")

Browser = Callable[..., object]


def _first_on_path(names: tuple[str, ...]) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    """Open headless chromium windows: `browser(width, height, dark=False)`.

    The viewport is set exactly (a phone is 360 x 640 CSS pixels, touch on) and
    `prefers-color-scheme` follows `dark`, as a device's own setting would. Every window
    opened is closed at the end of the test.
    """
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    binary = _first_on_path(BROWSER_NAMES)
    driver_path = _first_on_path(DRIVER_NAMES)
    if binary is None or driver_path is None:
        pytest.skip(
            "no chromium and chromium-driver here (apt-get install chromium chromium-driver)"
        )
    opened: list[object] = []

    def open_window(
        width: int = 360, height: int = 640, dark: bool = False, language: str = "en-US"
    ) -> object:
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        # The phone's languages, as its settings send them (Accept-Language).
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        options.add_argument(f"--lang={language.split(',')[0]}")
        profile = tmp_path / f"profile-{len(opened)}"
        for argument in (
            "--headless=new",
            "--no-sandbox",  # root in CI containers
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-extensions",
            "--disable-background-networking",  # nothing leaves the machine
            f"--user-data-dir={profile}",
            f"--window-size={width},{height}",
        ):
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        opened.append(driver)
        mobile = width < 600
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
        )
        return driver

    yield open_window
    for driver in opened:
        driver.quit()  # type: ignore[attr-defined]
