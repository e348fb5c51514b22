import LitmusRunning
import SwiftSyntax

/// The pieces of XCTest sources a repair reads and writes: a test method's statements (its checks left
/// out) and a class's `setUp()`, which gains statements, or is added with them.
enum RepairSource {
    /// The statements of `method` of the class `className` in `text`, as written, without the checks
    /// (`XCTAssert…`, `XCTFail`, `#expect`, `#require`); `nil` when the method is not found.
    static func statements(of method: String, in className: String, text: String) -> [String]? {
        let tree = SwiftSource.parse(text)
        guard let type = classDeclaration(className, in: tree),
            let function = type.memberBlock.members.lazy.compactMap({ $0.decl.as(FunctionDeclSyntax.self) })
                .first(where: { $0.name.text == method }),
            let body = function.body
        else { return nil }
        return body.statements.filter { !isCheck($0) }.map(\.trimmedDescription)
    }

    /// `text` with `statements` added at the end of the class `className`'s `setUp()` or
    /// `setUpWithError()`, or in a new `override func setUp()` (calling `super.setUp()` first) when it has
    /// neither; `nil` when the class is not found.
    static func inserting(_ statements: [String], intoSetUpOf className: String, text: String) -> String? {
        let tree = SwiftSource.parse(text)
        guard let type = classDeclaration(className, in: tree) else { return nil }
        let bytes = Array(text.utf8)
        let classIndent = indentation(of: type.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes)
        let memberIndent = classIndent + "    "
        let setUp = type.memberBlock.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first {
            ($0.name.text == "setUp" || $0.name.text == "setUpWithError")
                && $0.signature.parameterClause.parameters.isEmpty && $0.body != nil
        }
        if let setUp, let body = setUp.body {
            let bodyIndent = memberIndent + "    "
            let insertion = statements.map { bodyIndent + $0 + "\n" }.joined()
            // Before the line of the closing brace.
            let brace = body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            let lineStart = bytes[..<brace].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? brace
            return splice(bytes, at: lineStart, insertion)
        }
        let open = type.memberBlock.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        let body = statements.map { memberIndent + "    " + $0 + "\n" }.joined()
        let method =
            "\n" + memberIndent + "override func setUp() {\n" + memberIndent + "    super.setUp()\n" + body
            + memberIndent
            + "}\n"
        // After the line of the opening brace.
        let lineEnd = bytes[open...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
        return splice(bytes, at: lineEnd, String(method.dropFirst()) + "\n")
    }

    /// Whether a statement is a check: an XCTest assertion or a Swift Testing expectation.
    static func isCheck(_ item: CodeBlockItemSyntax) -> Bool {
        var expression: ExprSyntax?
        switch item.item {
        case .expr(let expr): expression = expr
        default: return false
        }
        while let current = expression {
            if let tried = current.as(TryExprSyntax.self) {
                expression = tried.expression
            } else if let awaited = current.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else {
                break
            }
        }
        if let macro = expression?.as(MacroExpansionExprSyntax.self) {
            return ["expect", "require"].contains(macro.macroName.text)
        }
        if let call = expression?.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return name.hasPrefix("XCTAssert") || name == "XCTFail"
        }
        return false
    }

    private static func classDeclaration(_ name: String, in tree: SourceFileSyntax) -> ClassDeclSyntax? {
        final class Finder: SyntaxVisitor {
            let name: String
            var found: ClassDeclSyntax?
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.name.text == name { found = node }
                return found == nil ? .visitChildren : .skipChildren
            }
        }
        let finder = Finder(name: name)
        finder.walk(tree)
        return finder.found
    }

    /// The spaces and tabs that start the line holding byte `offset`.
    private static func indentation(of offset: Int, in bytes: [UInt8]) -> String {
        let start = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let indent = bytes[start..<offset].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: indent, as: UTF8.self)
    }

    private static func splice(_ bytes: [UInt8], at offset: Int, _ text: String) -> String {
        String(decoding: bytes[..<offset] + Array(text.utf8) + bytes[offset...], as: UTF8.self)
    }
}

/// A unified diff of one file's change, as `git diff` writes it and `git apply` takes it: one hunk around
/// the lines that differ, with three lines of context.
enum UnifiedDiff {
    /// The diff of `path` (relative to the package) from `old` to `new`; empty when they are equal.
    static func of(path: String, old: String, new: String) -> String {
        let before = lines(old)
        let after = lines(new)
        guard before != after else { return "" }
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
            before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        {
            suffix += 1
        }
        let context = 3
        let start = max(0, prefix - context)
        let oldEnd = min(before.count, before.count - suffix + context)
        let newEnd = min(after.count, after.count - suffix + context)
        var hunk: [String] = []
        for line in before[start..<prefix] { hunk.append(" " + line) }
        for line in before[prefix..<(before.count - suffix)] { hunk.append("-" + line) }
        for line in after[prefix..<(after.count - suffix)] { hunk.append("+" + line) }
        for line in before[(before.count - suffix)..<oldEnd] { hunk.append(" " + line) }
        let oldCount = oldEnd - start
        let newCount = newEnd - start
        let header =
            "@@ -\(oldCount == 0 ? start : start + 1),\(oldCount) +\(newCount == 0 ? start : start + 1),\(newCount) @@"
        return (["diff --git a/\(path) b/\(path)", "--- a/\(path)", "+++ b/\(path)", header] + hunk)
            .joined(separator: "\n") + "\n"
    }

    /// The lines of a text that ends each line with a newline.
    private static func lines(_ text: String) -> [String] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }
}
