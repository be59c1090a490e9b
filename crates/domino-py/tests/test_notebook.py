"""The example notebook (examples/tour.ipynb) runs from start to end in a
fresh kernel, and every cell prints what the stored notebook shows: its
outputs are the package's, not a hand-written copy. Pictures are only
checked to be there (their markup may change with the renderer)."""

import pathlib

import nbclient
import nbformat

NOTEBOOK = pathlib.Path(__file__).resolve().parents[1] / "examples" / "tour.ipynb"


def shown(cell):
    """What a code cell printed and returned, as text, and the other kinds
    of output (pictures) it had."""
    texts, kinds = [], set()
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            texts.append(output["text"])
        elif output["output_type"] == "error":
            texts.append("%s: %s" % (output["ename"], output["evalue"]))
        else:
            texts.append(output["data"].get("text/plain", ""))
            kinds |= set(output["data"]) - {"text/plain"}
    return "".join(texts), kinds


def test_notebook_runs_and_prints_what_it_shows():
    stored = nbformat.read(NOTEBOOK, as_version=4)
    fresh = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(fresh, timeout=120, kernel_name="python3").execute(cwd=str(NOTEBOOK.parent))
    code = [(s, f) for s, f in zip(stored.cells, fresh.cells) if s.cell_type == "code"]
    assert len(code) >= 15
    for before, now in code:
        assert shown(now) == shown(before), before.source
    pictures = [kind for _, now in code for kind in shown(now)[1]]
    assert pictures.count("image/svg+xml") >= 4
