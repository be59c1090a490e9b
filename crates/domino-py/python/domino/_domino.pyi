# The native module (crates/domino-py/src): scripts/test-python checks this
# stub against it with mypy's stubtest.
from typing import Any, Dict, List, Optional, Tuple, final

__all__: List[str]

__version__: str
BEAM_WIDTH_DEFAULT: int
BOOK_MAX_PAGES: int
BOOK_MAX_SET: int
BOOK_MAX_STEPS: int
BOOK_TITLE: str
BEAM_WIDTH_MAX: int
BEAM_WIDTH_MIN: int
MAX_INPUT_BYTES: int
PIPS_GRADES: List[str]
PIPS_MAX_SIDE: int
PIPS_READ_MAX_BYTES: int
PLACE_GRADES: List[str]
PLACE_LEVELS: List[str]
PLACE_MAX_SET: int
SEARCH_MEMORY: int
SEARCH_STACK: int
SOLUTIONS_LISTED: int
SOLUTIONS_LISTED_MAX: int
VANISH_ALGORITHMS: List[str]
VANISH_MAX_CLEARABLE_SQUARES: int
VANISH_MAX_SQUARES: int

class InputError(ValueError):
    """Input that does not follow its format."""
    line: Optional[int]
    column: Optional[int]
    message: str

class VerifyError(ValueError):
    """An answer that breaks the rules of its puzzle."""

@final
class Native:
    """The native half of a result: the answer and what it shows."""
    @property
    def kind(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def source(self) -> Optional[str]: ...
    def to_json(self) -> str: ...
    def svg(self) -> str: ...
    def html(self) -> Optional[str]: ...
    def fields(self) -> Optional[Dict[str, Any]]: ...
    def __reduce__(self) -> Tuple[Any, ...]: ...
    def __copy__(self) -> Native: ...
    def __deepcopy__(self, _memo: Any) -> Native: ...

def _kept(
    kind: str, json: str, text: str, svg: str, html: Optional[str], source: Optional[str]
) -> Native: ...
def read_file(path: str) -> str: ...
def chain_solve(text: str, open: bool = False) -> Native: ...
def chain_longest(
    text: str, start: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None
) -> Native: ...
def chain_verify(text: str, result: Native) -> None: ...
def fiveup_check(text: str) -> Native: ...
def fiveup_score(text: str) -> Native: ...
def fiveup_verify(text: str, result: Native) -> None: ...
def place_solve(
    text: str,
    set: Optional[int] = None,
    limit: Optional[int] = None,
    mode: str = "unique",
    grade: bool = False,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    max_solutions: Optional[int] = None,
) -> Native: ...
def place_count(
    text: str, set: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None
) -> int: ...
def place_explain(text: str, set: Optional[int] = None, time_limit: Optional[float] = None) -> Native: ...
def place_grade(text: str, set: Optional[int] = None, time_limit: Optional[float] = None) -> str: ...
def place_generate(
    set: int = 6,
    difficulty: str = "basic",
    seed: int = 1,
    clues: bool = False,
    time_limit: Optional[float] = None,
    shape: Optional[str] = None,
) -> Native: ...
def place_verify(text: str, result: Native, set: Optional[int] = None) -> None: ...
def pips_solve(
    text: str,
    level: Optional[str] = None,
    limit: Optional[int] = None,
    mode: str = "unique",
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    max_solutions: Optional[int] = None,
) -> Native: ...
def book_pdf(
    place: List[Tuple[int, str, int]],
    pips: List[Tuple[str, int]],
    per_page: Optional[int] = None,
    paper: str = "a4",
    steps: int = 0,
    seed: int = ...,
    title: str = ...,
    time_limit: Optional[float] = None,
) -> bytes: ...
def pips_count(
    text: str, level: Optional[str] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None
) -> int: ...
def pips_explain(text: str, level: Optional[str] = None, time_limit: Optional[float] = None) -> Native: ...
def pips_generate(
    cells: Optional[int] = None,
    difficulty: str = "medium",
    seed: int = ...,
    time_limit: Optional[float] = None,
    shape: Optional[str] = None,
    node_limit: Optional[int] = None,
) -> Native: ...
def pips_read(data: bytes, time_limit: Optional[float] = None) -> Native: ...
def pips_grade(text: str, level: Optional[str] = None, time_limit: Optional[float] = None) -> str: ...
def pips_verify(text: str, result: Native, level: Optional[str] = None) -> None: ...
def vanish_solve(
    text: str,
    algorithm: str = "exact",
    time_limit: Optional[float] = None,
    beam_width: int = ...,
    seed: int = 1,
    node_limit: Optional[int] = None,
) -> Native: ...
def vanish_compare(
    texts: List[str],
    names: List[str],
    time_limit: Optional[float] = None,
    beam_width: int = ...,
    seed: int = 1,
    node_limit: Optional[int] = None,
) -> Native: ...
def vanish_generate(
    width: int,
    height: int,
    max_value: int,
    seed: int = 1,
    clearable: bool = False,
    time_limit: Optional[float] = None,
) -> Native: ...
def vanish_verify(text: str, result: Native) -> int: ...
