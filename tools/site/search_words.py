"""The search index in the reader's words, and Chinese queries cut where their words end.

Material's search (9.8.1) finds a word only as the site writes it. Readers write otherwise:
深拷贝 where the site says 深复制 (tests/terms.zh.yml lists the variants our pages avoid, which are
exactly what readers type), "inplace" where the pages say in-place (the separator splits that
into "in", a stop word, and "place"), "dataloader" for DataLoader (split into data, loader).

Readers' words, at index time. Each entry of a language's index gets more fields, which
Material's worker indexes (they are in the index's `fields`) and its results never show:
`title_words` and `text_words` (with the boosts of title and text) hold, for every site term in
the entry's title or text, the readers' words for it (tools/site/search_words.yml, and for
Chinese the rejected variants of tests/terms.zh.yml), once per occurrence of the term, so that a
reader's word scores as the term would, and the compounds written with "-" written together
(in-place: inplace); `text_words` also every identifier written with "_" or in camel case,
written together, once (nonblocking, dataloader, requiresgrad; for load_state_dict also
loadstate, statedict), and `title_joined` those of the title, at a tenth of the title's boost.

Ranking. Page boosts (Material's `search.boost`) and the boost of a page's introduction come from
the same YAML file (`boost:`); it says why each is what it is.

The query. Material's worker gives every word of a query a trailing wildcard, and, measured:
- a Chinese query is cut into the index's words (`segment`), but only into pieces that end before
  its last character: 内存 became 内*, 共享内存 共享* 内*, 深拷贝 深*. No index can fix that (a
  two-character query keeps only its first character whenever that character is a word);
- each piece of a Chinese query got two wildcards (优化**): lunr still found it, but Material's
  own account of the query's words missed it, so the result's highlighting (`h=`) and its boost
  for the share of words matched counted only the last piece (优化器: 器);
- a wildcard word skips lunr's stop-word filter: "a" matched every word that starts with a
  (adapts, assign, augmentation), "to" every torch, "does" and "or" likewise.
So the site serves Material's worker with `PATCHES` applied (the loop bound, `<` to `<=`, twice;
one wildcard per piece; stop words left out of a query that has other words, and each identifier
of a query added written together, as the index holds it), as `search.<hash>.cjk.min.js` next to
the original. `patch` refuses to guess: where Material's code no longer has what a patch
expects, exactly once, the build fails and names the patch.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from tools import project

WORDS = Path(__file__).with_name("search_words.yml")
TERMS_ZH = project.ROOT / "tests" / "terms.zh.yml"
# The hidden fields for each field a result shows, and their boost relative to it.
FIELDS = {"title": "title_words", "text": "text_words"}
# Identifiers of a title written together: weighed as a tenth of the title, since a query's word
# also finds them by their beginning (memory* finds memoryallocated) and so counts twice.
TITLE_JOINED = ("title_joined", 0.1)

_TAG = re.compile(r"<[^>]+>")
_HAN = re.compile(r"[\u3400-\u9fff]")
# Identifiers the separator splits: parts joined by - or _, or camel case (DataLoader).
_JOINED = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+(?![\w-])")
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w])")
_CAMEL = re.compile(r"(?<![\w])[A-Za-z][a-z0-9]*(?:[A-Z][a-z][a-z0-9]*)+(?![\w])")


def _yaml(path: Path):
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


@cache
def boosts() -> tuple[dict[str, float], float]:
    """Each page's boost (by its location) and the boost of a page's introduction."""
    boost = _yaml(WORDS).get("boost") or {}
    pages = {str(k): float(v) for k, v in (boost.get("pages") or {}).items()}
    return pages, float(boost.get("introduction", 1.0))


@cache
def table(language: str) -> dict[str, tuple[str, ...]]:
    """Site term -> the readers' words for it, in `language`."""
    words: dict[str, list[str]] = {}
    for term, variants in ((_yaml(WORDS).get("words") or {}).get(language) or {}).items():
        words.setdefault(str(term), []).extend(map(str, variants))
    if language == "zh" and TERMS_ZH.is_file():
        for term, rule in _yaml(TERMS_ZH).items():
            words.setdefault(str(term), []).extend(map(str, rule.get("rejected", [])))
    return {t: tuple(dict.fromkeys(v)) for t, v in words.items()}


def plain(markup: str) -> str:
    """The text of an index field: no tags, entities read, no jieba separators."""
    return html.unescape(_TAG.sub(" ", markup)).replace("\u200b", "")


@cache
def _pattern(term: str) -> re.Pattern:
    if _HAN.search(term):
        return re.compile(re.escape(term))
    stem = re.escape(term.rstrip("*"))
    tail = r"\w*" if term.endswith("*") else ""
    return re.compile(rf"(?<![\w]){stem}{tail}(?![\w])", re.IGNORECASE)


def joined(text: str, identifiers: bool = True) -> list[str]:
    """Every compound of `text` written together, one word per occurrence: words joined by "-"
    (in-place: inplace), and with `identifiers` also by "_" or in camel case (non_blocking:
    nonblocking, DataLoader: dataloader; load_state_dict: loadstate, statedict, loadstatedict)."""
    out = []
    for match in _JOINED.finditer(text):
        if not identifiers and "_" in match[0]:
            continue
        parts = re.split(r"[-_]", match[0].lower())
        longest = len(parts) if len(parts) <= 4 else 2  # long names: pairs, and the whole
        for start in range(len(parts) - 1):
            for end in range(start + 2, min(start + longest, len(parts)) + 1):
                out.append("".join(parts[start:end]))
        if len(parts) > 4:
            out.append("".join(parts))
    if identifiers:
        out += [match[0].lower() for match in _CAMEL.finditer(text)]
    return out


def readers_words(text: str, language: str, field: str = "text") -> list[str]:
    """The readers' words for the site terms in `text` (plain text), once per occurrence, and its
    compounds written together (for the text, its identifiers too)."""
    out = []
    for term, variants in table(language).items():
        count = len(_pattern(term).findall(text))
        out += list(variants) * count
    # Identifiers written together only in the text (a title's go to TITLE_JOINED): in a title,
    # where a query's words weigh a thousand times more, memory* would also find memoryallocated
    # and count twice. (Base forms of inflected words, sharing: share, were tried and dropped:
    # no query gained, and the English index grew by 40 KB.)
    # Each identifier once: its joined form is a word of its own, which one occurrence finds.
    out += list(dict.fromkeys(joined(text, identifiers=field == "text")))
    if language == "zh" and field == "text":
        # Numbers, once each. Measured: once the atlas page lost its details, the worker's
        # Chinese index had no word "3", although 127 entries' text has it (the old atlas text
        # gave it; why the others do not was not found), and a query with a word that no entry
        # has finds nothing: pasted error messages with a shape in them found no result.
        out += list(dict.fromkeys(_NUMBER.findall(text)))
    return out


def boost(entry: dict) -> dict:
    """The entry with its page's boost, and the boost of an introduction if it is one."""
    pages, introduction = boosts()
    page, section = entry["location"].partition("#")[::2]
    factor = pages.get(page, 1.0) * (1.0 if section else introduction)
    entry = dict(entry)
    if factor != 1.0:
        entry["boost"] = round(float(entry.get("boost", 1.0)) * factor, 6)
    return entry


def expand(entry: dict, language: str) -> dict:
    """The index entry with its hidden fields of readers' words, and its boost."""
    entry = boost(entry)
    title = plain(entry.get("title") or "")
    hidden = {
        FIELDS["title"]: readers_words(title, language, "title"),
        FIELDS["text"]: readers_words(plain(entry.get("text") or ""), language, "text"),
        TITLE_JOINED[0]: [w for w in joined(title) if w not in joined(title, identifiers=False)],
    }
    for name, words in hidden.items():
        if words:
            entry[name] = " ".join(words)
        else:
            entry.pop(name, None)
    return entry


def expand_index(index: dict, language: str) -> dict:
    """The index with readers' words in every entry, and its fields configured to search them."""
    fields = dict(index["config"]["fields"])
    for field, hidden in FIELDS.items():
        fields[hidden] = dict(fields.get(field) or {"boost": 1.0})
    name, share = TITLE_JOINED
    fields[name] = {"boost": float((fields.get("title") or {"boost": 1.0})["boost"]) * share}
    config = {**index["config"], "fields": fields}
    return {**index, "config": config, "docs": [expand(e, language) for e in index["docs"]]}


# --- the query side: Material's worker, corrected -----------------------------------------------

WORKERS = "assets/javascripts/workers"
_SOURCE_MAP = re.compile(r"\n?//# sourceMappingURL=\S+\s*$")
# Keeps a query's words that are not stop words (lunr's English and Chinese lists, and the
# question particles 吗 呢 啊 呀 么), when it has any: Material gives every word a
# trailing wildcard, and a wildcard word skips lunr's stop-word filter, so "a" matched every word
# that starts with a (adapts, assign, augmentation) and "to" every torch.
# The same inside a word the separator splits (from_numpy, .to(device): numpy, device). And adds,
# for each identifier of the query (as_tensor, share_memory_, DataLoader), the word the index
# holds for it written together (astensor, sharememory, dataloader).
_KEEP_WORDS = (
    "(q=>{if(q.includes('\"'))return q;"
    "let s=[lunr.stopWordFilter,lunr.zh&&lunr.zh.stopWordFilter,"
    "x=>['吗','呢','啊','呀','么'].includes(x)?void 0:x].filter(f=>f),"
    "ok=x=>s.every(f=>f(x.toLowerCase().replace(/\\*+$/,''))!==void 0),"
    "keep=(w,p)=>{let k=w.filter(ok);return k.length&&k.length<w.length?k:p},"
    "w=q.split(/\\s+/).filter(x=>x),j=[];"
    "for(let x of w)for(let m of x.matchAll("
    "/[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Za-z][a-z0-9]*(?:[A-Z][a-z][a-z0-9]*)+/g))"
    "j.push(m[0].replace(/_/g,'').toLowerCase());"
    "w=keep(w,w).map(x=>{let p=x.split(lunr.tokenizer.separator).filter(y=>y);"
    "return p.length>1?keep(p,[x]).join(' '):x});"
    "return [...w,...j].join(' ')})"
)
# (what it fixes, Material 9.8.1's code, the code it becomes)
PATCHES = (
    (
        # segment(query, index): for(let j=i+1;j<query.length;j++) query.slice(i,j) in index
        "the Chinese segmentation tries pieces that end at the query's last character",
        re.compile(r"for\(let (\w)=(\w)\+1;\1<(\w)\.length;\1\+\+\)\3\.slice\(\2,\1\)in "),
        lambda m: (
            f"for(let {m[1]}={m[2]}+1;{m[1]}<={m[3]}.length;{m[1]}++){m[3]}.slice({m[2]},{m[1]})in "
        ),
    ),
    (
        # ... const q = p + wordcuts[p]; if (wordcuts[q] && q < query.length - 1) stack.push(q)
        "the Chinese segmentation goes on to a last word of one character",
        re.compile(r"(let (\w)=(\w)\+(\w)\[\3\];\4\[\2\]&&\2<(\w)\.length)-1&&"),
        lambda m: f"{m[1]}&&",
    ),
    (
        # search(query): query.replace(/\p{sc=Han}+/gu, v => [...segment(v)].join("* "))
        "a Chinese query's pieces get one wildcard each, not two",
        re.compile(r'(\[\.\.\.\w+\(\w,this\.index\.invertedIndex\)\]\.join\()"\* "\)'),
        lambda m: f'{m[1]}" ")',
    ),
    (
        # lunr's Index.query: for each term a wildcard expands to, invertedIndex[term]._index.
        # lunr's token set can hold a word no entry has (measured: 3* gave "3.99000007" in the
        # Chinese index once the rules' lines were on the pages), and reading its `_index` threw:
        # the worker answered every query with a word starting with 3 with no result at all.
        "a word a wildcard finds that the index does not hold is skipped",
        re.compile(
            r"(\w)=this\.invertedIndex\[(\w)\],(\w)=\1\._index,(\w)=0;\4<(\w)\.fields\.length;"
        ),
        lambda m: (
            f"{m[1]}=this.invertedIndex[{m[2]}],{m[3]}={m[1]}?{m[1]}._index:0,"
            f"{m[4]}={m[1]}?0:{m[5]}.fields.length;{m[4]}<{m[5]}.fields.length;"
        ),
    ),
    (
        # search(query): ... query = transformSearchQuery(query), if (!query) return
        "stop words are left out of a query that has other words",
        re.compile(r"(\.join\(\" \"\)\),(\w)=(\w+)\()\2(\),!\2\))"),
        lambda m: f"{m[1]}{_KEEP_WORDS}({m[2]}){m[4]}",
    ),
)


def patched_name(worker: str) -> str:
    """The patched worker's name (or URL) for Material's."""
    return re.sub(r"(?<!\.cjk)\.min\.js$", ".cjk.min.js", worker)


def patch(source: str, patches=PATCHES) -> str:
    """Material's worker with `patches` applied (ValueError where one does not match once)."""
    for what, code, fixed in patches:
        found = len(code.findall(source))
        if found != 1:
            raise ValueError(
                f"Material's search worker: the code where {what} is found {found} times, not "
                "once (as in Material 9.8.1): check tools/site/search_words.py"
            )
        source = code.sub(fixed, source)
    return _SOURCE_MAP.sub("\n", source)  # the map describes the original


def patch_worker(site_dir: Path, patches=PATCHES) -> list[Path]:
    """Writes the patched copy of every Material search worker of the built site."""
    written = []
    for worker in sorted((site_dir / WORKERS).glob("search.*.min.js")):
        if worker.name == patched_name(worker.name):
            continue
        target = worker.with_name(patched_name(worker.name))
        target.write_text(patch(worker.read_text(encoding="utf-8"), patches), encoding="utf-8")
        written.append(target)
    return written
