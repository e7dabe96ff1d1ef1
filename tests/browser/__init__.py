"""Browser tests: JupyterLab and Voila in headless Chromium (see conftest.py).

A package, so that this conftest.py and tests/conftest.py do not clash as
modules (pytest --doctest-modules imports both).
"""
