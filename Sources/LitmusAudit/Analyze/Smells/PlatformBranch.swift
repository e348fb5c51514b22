import SwiftSyntax

/// A trap in the branch no platform takes: the `default` of a `switch` over a platform's constant whose cases name
/// every value Swift's platforms give it, or the last `else` of an `if` chain whose conditions compare such a constant
/// with every value it can have (attaswift/SipHash v1.2.2: `switch MemoryLayout<UInt>.size { case 8: … case 4: …
/// default: fatalError() }`, and `if CGFloat.NativeType.self == Double.self { … } else if CGFloat.NativeType.self ==
/// Float.self { … } else { fatalError() }`). Which branch runs is the platform's, never the package's code: such a
/// trap cannot fire on a regression. A constant's values here: `MemoryLayout<T>.size`, `.stride` and `.alignment` and
/// `T.bitWidth` of the standard library's integer and floating-point types (`Int` and `UInt` on 32- and 64-bit
/// platforms), and `CGFloat.NativeType`.
enum PlatformBranch {
    /// Whether `call` (a `fatalError`) sits in a branch that no platform takes, as above.
    static func noPlatformTakes(_ call: FunctionCallExprSyntax) -> Bool {
        var previous = Syntax(call)
        var current = previous.parent
        while let node = current, !node.is(ClosureExprSyntax.self), !node.is(FunctionDeclSyntax.self) {
            if let switchCase = node.as(SwitchCaseSyntax.self) {
                guard case .default = switchCase.label,
                    let statement = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
                    let possible = values(of: statement.subject)
                else { return false }
                let named = statement.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.flatMap(caseValues)
                return possible.isSubset(of: Set(named))
            }
            if let chain = node.as(IfExprSyntax.self) {
                guard case .codeBlock(let last) = chain.elseBody, last.id == previous.id else { return false }
                return namesEveryValue(chainEndingAt: chain)
            }
            previous = node
            current = node.parent
        }
        return false
    }

    /// Whether the conditions of the `if … else if …` chain that `last` ends compare one platform constant with every
    /// value it can have, each condition one `==`.
    private static func namesEveryValue(chainEndingAt last: IfExprSyntax) -> Bool {
        var links = [last]
        while let outer = links[0].parent?.as(IfExprSyntax.self), case .ifExpr(let inner) = outer.elseBody,
            inner.id == links[0].id
        {
            links.insert(outer, at: 0)
        }
        var constant: String?
        var possible: Set<String> = []
        var compared: Set<String> = []
        for link in links {
            guard link.conditions.count == 1, case .expression(let condition) = link.conditions.first?.condition,
                let (left, op, right) = EqualityShapeDetector.comparison(condition), op == "=="
            else { return false }
            for (side, other) in [(left, right), (right, left)] {
                guard let values = values(of: side) else { continue }
                if constant != nil, constant != written(side) { return false }
                constant = written(side)
                possible = values
                compared.insert(written(other))
            }
        }
        return constant != nil && possible.isSubset(of: compared)
    }

    /// The values a platform's constant `expression` can have, as written in a case or a comparison; `nil` when it is
    /// none of the constants above.
    static func values(of expression: ExprSyntax) -> Set<String>? {
        let text = written(expression)
        if text == "CGFloat.NativeType.self" { return ["Double.self", "Float.self"] }
        for (type, bytes) in byteSizes {
            for member in ["size", "stride", "alignment"] where text == "MemoryLayout<\(type)>.\(member)" {
                return Set(bytes.map(String.init))
            }
            if text == "\(type).bitWidth" { return Set(bytes.map { String($0 * 8) }) }
        }
        return nil
    }

    /// The sizes in bytes each standard type has on Swift's platforms.
    private static let byteSizes: [(String, [Int])] = [
        ("Int", [4, 8]), ("UInt", [4, 8]), ("Int8", [1]), ("UInt8", [1]), ("Int16", [2]), ("UInt16", [2]),
        ("Int32", [4]), ("UInt32", [4]), ("Int64", [8]), ("UInt64", [8]), ("Float", [4]), ("Double", [8]),
    ]

    /// The values a `case` names, as written (`case 8:`, `case 4, 8:`).
    private static func caseValues(_ switchCase: SwitchCaseSyntax) -> [String] {
        guard case .case(let label) = switchCase.label else { return [] }
        return label.caseItems.filter { $0.whereClause == nil }.map { written($0.pattern) }
    }

    /// `node` as written, without whitespace, so that `MemoryLayout< UInt >.size` reads as `MemoryLayout<UInt>.size`.
    private static func written(_ node: some SyntaxProtocol) -> String {
        node.trimmedDescription.filter { !$0.isWhitespace }
    }
}
