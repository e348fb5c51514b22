#!/usr/bin/env python3
# Writes examples-mutation.json: a mutation report in Stryker's schema version 2 over two real sources of
# Examples/ (as `litmus mutate --json` will write one), made for the HTML report's tests before
# `litmus mutate` existed. The mutants are real operator swaps at real places; coveredBy comes from the
# Examples' audit (examples-audit.json, the tests that execute the line alone); the statuses are chosen
# by hand (KILLED_UNLESS below), not measured. Run from the repository root:
#   python3 Tests/LitmusReportTests/Resources/make-examples-mutation.py
import json, re

FILES = ["CashRegister/Sources/CashRegister/CashRegister.swift", "Calculator/Sources/Calculator/Calculator.swift"]
SWAPS = {">=": ">", "==": "!=", "<": "<=", "-": "+", "&&": "||"}
SURVIVED = {("CashRegister/Sources/CashRegister/CashRegister.swift", 40)}   # payment >= 0 to > 0: no test pays 0
audit = json.load(open("Tests/LitmusReportTests/Resources/examples-audit.json"))

def covering(path, line):
    ids = []
    for test in audit["tests"]:
        for part in test["coveredLines"].get(path, "").split(","):
            if not part: continue
            lo, _, hi = part.partition("-")
            if int(lo) <= line <= int(hi or lo): ids.append(test["id"]); break
    return ids

report = {"schemaVersion": "2", "thresholds": {"high": 80, "low": 60}, "files": {}}
next_id = 1
for path in FILES:
    source = open("Examples/" + path).read()
    mutants = []
    for number, text in enumerate(source.split("\n"), 1):
        if text.strip().startswith("//"): continue
        for match in re.finditer(r" (>=|==|<|-|&&) ", text):
            op = match.group(1)
            column = match.start(1) + 1
            covered = covering(path, number)
            status = "NoCoverage" if not covered else ("Survived" if (path, number) in SURVIVED else "Killed")
            mutant = {"id": str(next_id), "mutatorName": "EqualityOperator" if op in ("==", ">=", "<") else "ArithmeticOperator" if op == "-" else "LogicalOperator",
                      "replacement": SWAPS[op], "location": {"start": {"line": number, "column": column}, "end": {"line": number, "column": column + len(op)}},
                      "status": status, "coveredBy": covered, "killedBy": covered[:1] if status == "Killed" else [],
                      "testsCompleted": len(covered), "duration": 120}
            mutants.append(mutant)
            next_id += 1
    report["files"][path] = {"language": "swift", "source": source, "mutants": mutants}
json.dump(report, open("Tests/LitmusReportTests/Resources/examples-mutation.json", "w"), indent=1, sort_keys=True)
print(next_id - 1, "mutants")
