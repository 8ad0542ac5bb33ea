"""Browser tests: the apps in Voilà and headless Chromium (a package, so its fixtures end with it)."""
