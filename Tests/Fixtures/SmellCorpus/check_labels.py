#!/usr/bin/env python3
"""Checks Tests/Fixtures/SmellCorpus/labels.json against the corpus files.

Run from anywhere: python3 Tests/Fixtures/SmellCorpus/check_labels.py
Exits 1 and names each problem when a label points at a missing file, at a
line that is not a test declaration, repeats a test, or uses an unknown kind.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

SELF_VALIDATING = {
    "noAssertion", "tautology", "swallowedError", "emptyTest", "ignoredTest",
    "trapInTest", "floatEquality", "expectationFulfilledTwice",
    "unwaitedExpectation", "conditionalTestLogic", "unawaitedAssertion",
    "xctestAssertionInSwiftTesting", "expectInXCTest", "unevaluatedExpectation",
}
HINTS = {
    "duplicateAssert", "assertionRoulette", "sensitiveEquality", "mysteryGuest",
    "resourceOptimism", "redundantPrint", "sleepInTest", "eagerTest",
    "magicNumber", "boolAssertEquality", "mainActorSharedState",
}
KINDS = SELF_VALIDATING | HINTS
FRAMEWORKS = {"xctest", "swift-testing", "quick"}
DECLARATION = {
    "xctest": re.compile(r"(?i)\bfunc\s+\w*test\w*"),
    "swift-testing": re.compile(r"\bfunc\s+(\w+|`[^`]+`)"),
    "quick": re.compile(r"\b[xf]?it\s*\("),
}


def main():
    path = os.path.join(HERE, "labels.json")
    with open(path, encoding="utf-8") as f:
        labels = json.load(f)
    problems = []
    seen_tests = set()
    seen_places = set()
    lines_cache = {}
    for i, entry in enumerate(labels):
        where = f"labels[{i}] ({entry.get('test', '?')})"
        keys = set(entry)
        # notSmells: a kind the method has the shape of but is not a smell there, with why (a fixture
        # another test runs); the accuracy test counts it as a negative.
        if keys - {"notSmells"} != {"file", "line", "test", "framework", "smells"}:
            problems.append(f"{where}: keys are {sorted(keys)}")
            continue
        rel = entry["file"]
        full = os.path.join(HERE, rel)
        if not rel.endswith(".swift.txt") or not os.path.isfile(full):
            problems.append(f"{where}: no file {rel}")
            continue
        if rel not in lines_cache:
            with open(full, encoding="utf-8") as f:
                lines_cache[rel] = f.read().split("\n")
        lines = lines_cache[rel]
        framework = entry["framework"]
        if framework not in FRAMEWORKS:
            problems.append(f"{where}: unknown framework {framework!r}")
            continue
        line = entry["line"]
        if not isinstance(line, int) or not 1 <= line <= len(lines):
            problems.append(f"{where}: line {line} is outside {rel}")
            continue
        text = lines[line - 1]
        if not DECLARATION[framework].search(text):
            problems.append(f"{where}: line {line} of {rel} is not a {framework} declaration: {text.strip()!r}")
        if framework == "swift-testing":
            above = "\n".join(lines[max(0, line - 8):line])
            if "@Test" not in above:
                problems.append(f"{where}: no @Test attribute above line {line}")
        if entry["test"] in seen_tests:
            problems.append(f"{where}: test name repeated")
        seen_tests.add(entry["test"])
        if (rel, line) in seen_places:
            problems.append(f"{where}: {rel}:{line} labelled twice")
        seen_places.add((rel, line))
        smells = entry["smells"]
        if not isinstance(smells, dict):
            problems.append(f"{where}: smells is not an object")
            continue
        for kind, why in smells.items():
            if kind not in KINDS:
                problems.append(f"{where}: unknown kind {kind!r}")
            if not isinstance(why, str) or not why.strip():
                problems.append(f"{where}: {kind} has no reason")
            elif "DRAFT" in why:
                problems.append(f"{where}: {kind} still has a draft reason")
    # Every Swift file with tests has at least one labelled test (helper files have none).
    labelled_files = {e["file"] for e in labels if isinstance(e, dict) and "file" in e}
    for root, _, files in os.walk(HERE):
        for name in files:
            if name.endswith(".swift.txt"):
                rel = os.path.relpath(os.path.join(root, name), HERE)
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    # A `test…` helper with parameters or generics (OpenCombine's
                    # `testCancelBeforeSubscription<…>(…)`) is no test XCTest runs.
                    has_tests = re.search(r"\bfunc\s+test\w*\s*\(\s*\)|@Test\b|\bit\s*\(", f.read())
                if has_tests and rel not in labelled_files:
                    problems.append(f"{rel}: no test of this file is labelled")
    for p in problems:
        print(p)
    counts = {}
    for e in labels:
        for k in e.get("smells", {}):
            counts[k] = counts.get(k, 0) + 1
    print(f"{len(labels)} tests in {len(labelled_files)} files; {len(problems)} problems")
    for k in sorted(counts, key=lambda k: (k not in SELF_VALIDATING, k)):
        print(f"  {'SV  ' if k in SELF_VALIDATING else 'hint'} {k}: {counts[k]}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
