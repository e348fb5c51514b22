import SwiftSyntax

/// Hints on how a test reads: Redundant Print, Magic Number, Eager Test.
enum ReadabilityDetector {
    static let printing: Set<String> = ["print", "debugPrint", "dump", "NSLog"]
    /// Numbers that explain themselves: none, one, a pair (on the real-package corpus, 20 findings of 2
    /// were all read as explained by the test around them, none as magic).
    static let plainNumbers: Set<String> = ["0", "1", "-1", "2", "0.0", "1.0", "-1.0", "2.0"]
    /// Distinct methods of one receiver, checked in one test, that make it eager.
    static let eagerCount = 4
    /// Calls on a value that query it rather than exercise production code.
    static let queries: Set<String> = [
        "contains", "first", "last", "count", "map", "filter", "sorted", "reduce", "compactMap", "flatMap", "joined",
        "hasPrefix", "hasSuffix", "isEmpty", "index", "firstIndex", "lastIndex", "dropFirst", "dropLast", "prefix",
        "suffix", "split", "components", "lowercased", "uppercased", "trimmingCharacters", "replacingOccurrences",
        "data", "description", "allSatisfy", "min", "max", "starts", "get", "value", "to", "toNot", "notTo",
        "removeFirst", "removeAll", "append", "insert", "remove", "forEach", "range", "element", "distance",
    ]

    static func smells(_ test: ScannedTest) -> [Smell] {
        var found: [Smell] = []
        // A benchmark's prints are its report (``BenchmarkReport``).
        let benchmark = BenchmarkReport(test)
        let prints = printCalls(test).filter { !benchmark.isReport($0.call) }
        if let first = prints.first {
            found.append(
                Smell(
                    kind: .redundantPrint, node: Syntax(first.call),
                    message: SmellScan.counted(
                        "\(test.shown) prints (`\(first.call.quoted(50))`): output nobody reads when the test passes",
                        prints.count), unconfirmed: first.unconfirmed))
        }
        let magic = magicNumbers(test)
        if let first = magic.first {
            found.append(
                Smell(
                    kind: .magicNumber, node: first,
                    message: SmellScan.counted(
                        "\(test.shown) expects the unexplained number \(first.trimmedDescription)", magic.count)))
        }
        if let eager = eager(test) {
            found.append(
                Smell(
                    kind: .eagerTest, node: test.declaration,
                    message:
                        "\(test.shown) checks the results of \(eager.methods.count) different methods of \(eager.receiver) (\(eager.methods.prefix(5).joined(separator: ", "))): a failure does not say which behaviour broke"
                ))
        }
        return found
    }

    /// The calls of the standard library's `print`, `debugPrint` and `dump`, or Foundation's `NSLog`, in the
    /// test: not `print(…, to: &out)`, which writes into a string the test reads, nor one in a check's
    /// message (`#expect(x, "\(dump(y))"`), which runs only when the check fails, nor one beside a failure
    /// (``isBesideFailure(_:test:)``) or behind a debug switch (``DebugSwitch``). The compiler's facts tell
    /// the library's function from the package's own of the same name (`print(ast:)`, which returns the text
    /// the test checks); without them a call is kept, unconfirmed.
    static func printCalls(_ test: ScannedTest) -> [(call: FunctionCallExprSyntax, unconfirmed: Unconfirmed?)] {
        test.all(FunctionCallExprSyntax.self).compactMap { call in
            guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                printing.contains(name), !call.arguments.contains(where: { $0.label?.text == "to" }),
                !isInCheckMessage(call, assertions: test.assertions), !isBesideFailure(call, test: test),
                !DebugSwitch.isBehindSwitch(Syntax(call), switches: test.debugSwitches)
            else { return nil }
            switch test.declaration(calledBy: call) {
            case .known(let declaration):
                let library = name == "NSLog" ? TypedDeclaration.foundationModules : ["Swift"]
                return library.contains(declaration.module ?? "") ? (call, nil) : nil
            case .unknown(let why): return (call, why)
            }
        }
    }

    /// Whether `call` is a statement of a block that records a failure every time it runs (``FailingPath``): `catch {
    /// print(error); XCTFail(…) }` (apple/swift-nio-extras 1.35.2), `if !closeEnough(…) { print(…); XCTFail() }`
    /// (apple/swift-numerics 1.1.1). The print is part of what the failing test says. Not a print followed by a
    /// `try` before the failure: `do { print(x); try f(); XCTFail("no error") } catch {}` prints on passing runs.
    static func isBesideFailure(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard let statement = call.parent?.as(CodeBlockItemSyntax.self) else { return false }
        return FailingPath.recordsFailure(around: statement)
    }

    /// Whether `node` lies in the message of a check (an argument after its operands): evaluated only when
    /// the check fails.
    static func isInCheckMessage(_ node: FunctionCallExprSyntax, assertions: [Syntax]) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current {
            if let argument = syntax.as(LabeledExprSyntax.self),
                let list = argument.parent?.as(LabeledExprListSyntax.self),
                let owner = list.parent, assertions.contains(where: { $0.id == owner.id }),
                let name = SmellScan.assertionName(owner)
            {
                let index = list.firstIndex { $0.id == argument.id }.map {
                    list.distance(from: list.startIndex, to: $0)
                }
                let operands = ["#expect", "#require"].contains(name) ? 1 : RepetitionDetector.operandCounts[name] ?? 0
                return (index ?? 0) >= operands || ["message", "comment"].contains(argument.label?.text ?? "")
            }
            current = syntax.parent
        }
        return false
    }

    /// The numeric literals that are a whole operand of a check (the expected value), other than
    /// ``plainNumbers``, an `accuracy:`, and a number the test explains (``MagicNumberContext``); none in a
    /// generated file, whose numbers are its generator's substitutions (``GeneratedSource``).
    private static func magicNumbers(_ test: ScannedTest) -> [Syntax] {
        if GeneratedSource.isGenerated(test.declaration) { return [] }
        // Made at the first candidate: most tests compare no number, and a Quick example's context reads its spec.
        var context: MagicNumberContext?
        var found: [Syntax] = []
        for assertion in test.assertions {
            guard let name = SmellScan.assertionName(assertion) else { continue }
            let arguments = SmellScan.arguments(assertion).filter { $0.label?.text != "accuracy" }
            var operands = EqualityShapeDetector.compared(name, arguments, assertion)
            if operands.isEmpty, name.hasPrefix("XCTAssert") {
                operands = arguments.prefix(RepetitionDetector.operandCounts[name] ?? 0).map(\.expression)
            }
            if operands.isEmpty, name == "#expect", let first = arguments.first?.expression,
                let (left, _, right) = EqualityShapeDetector.comparison(first)
            {
                operands = [left, right]
            }
            if name == "to" || name == "toNot" || name == "notTo",
                let matcher = assertion.as(FunctionCallExprSyntax.self)?.arguments.first?.expression.as(
                    FunctionCallExprSyntax.self),
                CallCollector.calledName(matcher.calledExpression) == "haveCount",
                let count = matcher.arguments.first?.expression
            {
                operands.append(count)
            }
            for operand in operands where isNumber(operand) && !plainNumbers.contains(operand.trimmedDescription) {
                let explaining = context ?? MagicNumberContext(test)
                context = explaining
                if explaining.explains(operand, in: assertion, operands: operands, arguments: arguments) { continue }
                found.append(Syntax(operand))
            }
        }
        return found
    }

    static func isNumber(_ expression: ExprSyntax) -> Bool {
        var inner = expression
        if let prefix = inner.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            inner = prefix.expression
        }
        return inner.is(IntegerLiteralExprSyntax.self) || inner.is(FloatLiteralExprSyntax.self)
    }

    /// The receiver (a variable of the test) whose distinct methods the test's checks call at least
    /// ``eagerCount`` times, with those methods.
    private static func eager(_ test: ScannedTest) -> (receiver: String, methods: [String])? {
        var methods: [String: [String]] = [:]
        for assertion in test.assertions {
            for call in assertion.descendants(of: FunctionCallExprSyntax.self) where call.id != assertion.id {
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    let receiver = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    receiver.first?.isLowercase == true, receiver != "self",
                    !queries.contains(member.declName.baseName.text)
                else { continue }
                let method = member.declName.baseName.text
                if !(methods[receiver]?.contains(method) ?? false) { methods[receiver, default: []].append(method) }
            }
        }
        return methods.filter { $0.value.count >= eagerCount }.min { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
