"""Packaging hook: the repository's top-level data/ ships inside the package as judgebot.data,
and rulings/ as judgebot.rulings (the examples `judgebot examples` lists, prints, copies and
checks).

The project metadata lives in pyproject.toml; only what pyproject cannot say is here:
a package list found automatically (so new judgebot.* subpackages are never left out)
plus the mapping of data/ and rulings/ into the package, with every file under them.
Every folder that ships files is a package of its own (a namespace package where it has
no __init__.py): setuptools then includes it as a package rather than as stray data, and
warns about none ("Package would be ignored").
"""

from setuptools import find_namespace_packages, setup

MAPPED = {"judgebot.data": "data", "judgebot.rulings": "rulings"}
SKIP = ["__pycache__", "*.__pycache__"]


def _mapped(package: str, folder: str) -> list[str]:
    return [package] + [f"{package}.{sub}" for sub in find_namespace_packages(where=folder, exclude=SKIP)]


setup(
    packages=find_namespace_packages(include=["judgebot", "judgebot.*"], exclude=SKIP)
    + [name for package, folder in MAPPED.items() for name in _mapped(package, folder)],
    package_dir=dict(MAPPED),
    package_data={
        "judgebot.data": ["*", "**/*"],
        "judgebot.rulings": ["*.yaml", "**/*.yaml", "README.md"],
        "judgebot.web": ["templates/*.html", "static/*", "examples/*.yaml"],
    },
    exclude_package_data={"judgebot.data": ["__pycache__/*", "**/__pycache__/*", "*.pyc", "**/*.pyc"]},
)
