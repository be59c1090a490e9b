"""Other projects that install a package named ``domino`` into the same
folder. On PyPI, ``domino`` (HazyResearch) and ``domino-py`` also import as
``domino``; pip puts their files and ours into one ``site-packages/domino``
folder, the last one installed wins ``__init__.py``, and uninstalling either
deletes files the other needs. When this package's ``__init__`` runs in
such a folder it warns once, naming the other project and the way out."""

import os
import warnings

# Our distribution's folder name in site-packages starts with this
# (domino_puzzles-0.1.0.dist-info).
OURS = "domino_puzzles-"


class NameClashWarning(RuntimeWarning):
    """Another project's files share this package's folder."""


def neighbours(package_folder):
    """The other distributions ("name version") installed beside this
    package whose RECORD lists files under ``domino/``. Only folders named
    ``domino*`` are read, so the check costs one directory listing."""
    site = os.path.dirname(os.path.abspath(package_folder))
    try:
        entries = sorted(os.listdir(site))
    except OSError:
        return []
    found = []
    for entry in entries:
        lower = entry.lower()
        if not (lower.startswith("domino") and lower.endswith(".dist-info")) or lower.startswith(OURS):
            continue
        try:
            with open(os.path.join(site, entry, "RECORD"), encoding="utf-8") as record:
                if any(line.startswith("domino/") for line in record):
                    found.append(entry[: -len(".dist-info")].replace("-", " ", 1))
        except OSError:
            continue
    return found


def warn_if_shared(package_folder):
    others = neighbours(package_folder)
    if others:
        warnings.warn(
            "domino-puzzles: the folder %s also holds files of %s, another project "
            "imported as `domino`; the two cannot share an environment (whichever is "
            "installed last owns `import domino`, and uninstalling one breaks the other). "
            "Use a separate virtual environment, or run: pip uninstall %s domino-puzzles; "
            "pip install domino-puzzles"
            % (package_folder, " and ".join(others), " ".join(o.split(" ")[0] for o in others)),
            NameClashWarning,
            stacklevel=3,
        )
