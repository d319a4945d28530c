"""What hiding repeated text styles changes in axe-core's answers (tests/test_browser.py).

The browser tests hide, for an axe run that checks colour contrast, every text element whose
style repeats one shown on the page (_REPEATS_OF there: code tokens, inline code and the like).
This runs, on every page and notebook page of the built site, both of a first visit's axe runs
(the rules axe runs by default, light scheme, desktop; the phone's dark-scheme rules), each
twice: on the page whole and with the repeats hidden. On the whole page, each hidden element's
colour-contrast answer (passed, incomplete or failed, its reason, colours, ratio and font) must
be the one of the element shown in its place. Every other rule's results are compared node by
node: violations, passes, incomplete and inapplicable. A difference other than the region rule's
passes (which list each text element, the hidden ones among them) fails.

    python -m tools.check.axe_repeats site              # every page: minutes on two cores
    python -m tools.check.axe_repeats site clone/ zh/   # those pages
"""

from __future__ import annotations

import collections
import importlib.util
import sys
from pathlib import Path

from tools import project
from tools.site import search_ranks

_RESULTS = """async rules => {
  const found = await axe.run(document, {elementRef: true, ...(rules ? {runOnly: rules} : {})});
  const out = {};
  const contrast = new Map();  // element -> its colour-contrast answer
  for (const kind of ["violations", "passes", "incomplete", "inapplicable"]) {
    for (const rule of found[kind]) {
      if (rule.id === "color-contrast") {
        for (const node of rule.nodes) {
          const data = node.any.concat(node.all, node.none).map(c => JSON.stringify(c.data));
          contrast.set(node.element, `${kind} ${data.join(",")}`);
        }
        continue;
      }
      const nodes = rule.nodes.map(n => `${kind} ${n.target.join(" ")} ` +
        n.any.concat(n.all, n.none).map(c => `${c.id}:${c.message}`).join(","));
      out[rule.id] = (out[rule.id] || []).concat(nodes.length ? nodes : [kind]);
    }
  }
  // Each pair _REPEATS_OF recorded: a hidden element whose answer is not its shown twin's.
  const unlike = (window.__axeRepeats || []).filter(([shown, hidden]) =>
    contrast.get(shown) !== contrast.get(hidden)).map(([shown, hidden]) =>
    `${hidden.outerHTML.slice(0, 80)}: ${contrast.get(hidden)}; its twin ` +
    `${shown.outerHTML.slice(0, 80)}: ${contrast.get(shown)}`);
  return {out, unlike, compared: (window.__axeRepeats || []).length};
}"""


def _browser_tests():
    path = project.ROOT / "tests" / "test_browser.py"
    spec = importlib.util.spec_from_file_location("_browser_tests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _paths(site: Path) -> list[str]:
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return [("" if p == "." else p + "/") for p in pages if p != "404" and "generated" not in p]


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "site").resolve()
    paths = argv[1:] or _paths(site)
    tests = _browser_tests()
    from playwright.sync_api import sync_playwright

    root, stop = search_ranks.serve(site)
    runs = [
        ("light, desktop", {"width": 1280, "height": 900}, None),
        ("dark, phone", {"width": 390, "height": 844}, tests.AXE_PHONE_DARK_RULES),
    ]
    differences: collections.Counter = collections.Counter()
    hidden = pages = compared = unlike = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=tests.CHROMIUM, args=list(project.CHROMIUM_ARGS)
        )
        page = browser.new_context().new_page()
        for path in paths:
            pages += 1
            for where, viewport, rules in runs:
                page.set_viewport_size(viewport)
                page.goto(root + path)
                tests._load_axe(page)
                if rules:
                    tests._to_dark(page)
                # The repeats hidden (their pairs recorded), then the whole page shown again.
                hidden += page.evaluate(tests._REPEATS_OF, True)
                part = page.evaluate(_RESULTS, rules)["out"]
                page.evaluate(tests._REPEATS_SHOWN)
                found = page.evaluate(_RESULTS, rules)
                whole, compared = found["out"], compared + found["compared"]
                for line in found["unlike"]:
                    unlike += 1
                    print(f"{path or '/'} ({where}): colour contrast differs: {line}", flush=True)
                for rule in sorted(set(whole) | set(part)):
                    changed = set(whole.get(rule, [])) ^ set(part.get(rule, []))
                    for kind in sorted({entry.split(" ", 1)[0] for entry in changed}):
                        differences[(rule, kind)] += 1
                        print(f"{path or '/'} ({where}): {rule}, {kind} differ", flush=True)
        browser.close()
    stop()
    print(f"{pages} pages, two runs each; {hidden} elements hidden in all")
    print(f"colour contrast: {compared} hidden elements compared with their twins, {unlike} differ")
    for (rule, kind), count in sorted(differences.items()):
        print(f"  {rule} {kind}: differ in {count} runs")
    unexpected = [key for key in differences if key != ("region", "passes")]
    if unexpected:
        print(f"differences beyond the region rule's passes: {unexpected}")
    return 1 if unexpected or unlike else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
