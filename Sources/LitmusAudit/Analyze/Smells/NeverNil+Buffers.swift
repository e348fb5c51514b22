import SwiftSyntax

extension NeverNil {
    /// SwiftNIO `ByteBuffer`'s calls that lend its storage. NIO builds the pointer they give from its storage's
    /// address, which is not optional (swift-nio 2.101.3, Sources/NIOCore/ByteBuffer-core.swift: `_storage.bytes`
    /// and `_slicedStorageBuffer`), so its base address is never `nil`, even for an empty buffer (swift-nio and
    /// swift-nio-ssl unwrap 15 such addresses in their tests).
    static let storageLendingCalls: Set<String> = [
        "withUnsafeReadableBytes", "withUnsafeMutableReadableBytes", "withUnsafeMutableWritableBytes",
        "writeWithUnsafeMutableBytes", "withVeryUnsafeBytes", "withVeryUnsafeMutableBytes",
        "withUnsafeReadableBytesWithStorageManagement", "withVeryUnsafeBytesWithStorageManagement",
        "withVeryUnsafeMutableBytesWithStorageManagement",
    ]

    /// Whether `call` lends a buffer on storage that always has an address: the standard library's
    /// `withUnsafeBytes(of: &value)` or `withUnsafeMutableBytes(of: &value)` (the value's own bytes), or one of
    /// ``storageLendingCalls``. The compiler's facts confirm the declaration is the standard library's or NIO's;
    /// without them the names decide.
    static func lendsStorage(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        let module: Set<String>
        if let called = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["withUnsafeBytes", "withUnsafeMutableBytes"].contains(called.baseName.text),
            call.arguments.first?.label?.text == "of"
        {
            module = ["Swift"]
        } else if let called = call.calledExpression.as(MemberAccessExprSyntax.self),
            storageLendingCalls.contains(called.declName.baseName.text)
        {
            module = EmbeddedNIO.modules
        } else {
            return false
        }
        switch test.declaration(calledBy: call) {
        case .known(let declaration): return module.contains(declaration.module ?? "")
        case .unknown: return true
        }
    }

    /// The call whose closure's first parameter (or `$0`) is `name`, the buffer such calls lend.
    static func storageLending(_ name: String, around node: Syntax) -> FunctionCallExprSyntax? {
        guard let closure = closure(taking: name, around: node),
            (closure.parameterNames?.first ?? "$0") == name
        else { return nil }
        return closure.hostCall
    }

    /// Whether `value` is a non-empty array literal, or a sum of values with one (`"/var/tmp".utf8 + [0]`): an
    /// array holding at least its elements.
    static func isNonEmptyArray(_ value: ExprSyntax) -> Bool {
        if let array = value.as(ArrayExprSyntax.self) { return !array.elements.isEmpty }
        guard let sum = value.as(SequenceExprSyntax.self) else { return false }
        let parts = Array(sum.elements)
        let operators = parts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        guard !operators.isEmpty,
            operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
        else { return false }
        return parts.enumerated().contains { $0.offset % 2 == 0 && isNonEmptyArray($0.element) }
    }
    /// Whether `name` is bound once, by the test, to a non-empty array literal (or a sum with one, `var source:
    /// [CChar] = [0x61, 0]`: apple/swift-system 1.6.3) or to `[T](repeating: x, count: N)` or
    /// `Array(repeating:count:)` with `N` a positive integer literal or a `let` of one (Kitura-net 3.0.1's `let
    /// arrayValuesToFill = 64`), and is never handed on `inout` nor given a member call that could change its count:
    /// its buffer has a base address.
    static func isRepeatedArray(_ name: DeclReferenceExprSyntax, test: ScannedTest) -> Bool {
        let text = name.baseName.text
        guard let value = test.onlyBinding(of: text) else { return false }
        let positive: Bool
        if isNonEmptyArray(value) {
            positive = true
        } else {
            guard let value = value.as(FunctionCallExprSyntax.self), isArrayType(value.calledExpression),
                value.arguments.map({ $0.label?.text ?? "" }) == ["repeating", "count"],
                let count = value.arguments.last?.expression
            else { return false }
            positive =
                isPositiveLiteral(count)
                || count.as(DeclReferenceExprSyntax.self).flatMap {
                    test.letValue(of: $0.baseName.text, at: Syntax(value))
                }.map(isPositiveLiteral) == true
        }
        return positive
            && test.all(DeclReferenceExprSyntax.self).filter { $0.baseName.text == text }.allSatisfy(keepsCount)
    }

    /// `[T]` or `Array` (`Array<T>` too).
    private static func isArrayType(_ called: ExprSyntax) -> Bool {
        if called.is(ArrayExprSyntax.self) { return true }
        let written = called.trimmedDescription
        return written == "Array" || written.hasPrefix("Array<")
    }

    /// The members of an array that leave its count as it is.
    private static let countKeepingMembers: Set<String> =
        bufferCalls.union([
            "count", "isEmpty", "first", "last", "reduce", "map", "filter", "contains", "elementsEqual", "forEach",
            "indices", "sorted", "prefix", "suffix", "allSatisfy", "min", "max",
        ])

    /// Whether this use of a name cannot change its count: not `&name`, not the left side of an assignment (nor a
    /// subscript of it: `array[0..<64] = []`), and where it is a member's base, a member in ``countKeepingMembers``.
    private static func keepsCount(_ use: DeclReferenceExprSyntax) -> Bool {
        if use.parent?.is(InOutExprSyntax.self) == true { return false }
        // `array[0..<64] = []` replaces a range: its count may change.
        if let subscripted = use.parent?.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == use.id {
            // One element replaced (`source[1] = 0xdf`) keeps the count.
            let oneIndex =
                subscripted.arguments.count == 1
                && subscripted.arguments.first?.expression.is(IntegerLiteralExprSyntax.self) == true
            return oneIndex || !isAssigned(ExprSyntax(subscripted))
        }
        if let member = use.parent?.as(MemberAccessExprSyntax.self) {
            if member.declName.id == use.id { return true }
            return countKeepingMembers.contains(member.declName.baseName.text)
        }
        return !isAssigned(ExprSyntax(use))
    }

    /// Whether `expression` is the left side of an assignment (`=`, or any operator ending in `=`, which a
    /// comparison does too: only ever one exemption fewer).
    private static func isAssigned(_ expression: ExprSyntax) -> Bool {
        guard let list = expression.parent?.as(ExprListSyntax.self),
            let index = list.firstIndex(where: { $0.id == expression.id }), list.index(after: index) != list.endIndex
        else { return false }
        let next = list[list.index(after: index)]
        return next.is(AssignmentExprSyntax.self)
            || next.as(BinaryOperatorExprSyntax.self)?.operator.text.hasSuffix("=") == true
    }
}
