"""Packaging hook: the repository's top-level data/ ships inside the package as judgebot.data.

The project metadata lives in pyproject.toml; only what pyproject cannot say is here:
a package list found automatically (so new judgebot.* subpackages are never left out)
plus the mapping of data/ onto judgebot.data, with every file under it.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["judgebot", "judgebot.*"]) + ["judgebot.data"],
    package_dir={"judgebot.data": "data"},
    package_data={
        "judgebot.data": ["*", "**/*"],
        "judgebot.web": ["templates/*.html", "static/*", "examples/*.yaml"],
    },
    exclude_package_data={"judgebot.data": ["__pycache__/*", "**/__pycache__/*", "*.pyc", "**/*.pyc"]},
)
