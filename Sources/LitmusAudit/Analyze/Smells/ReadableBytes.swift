import SwiftSyntax

/// A read of exactly what a SwiftNIO `ByteBuffer` holds, which never returns `nil`: `b.readString(length:
/// b.readableBytes)`, `b.getSlice(at: b.readerIndex, length: b.readableBytes)` and the same of `readSlice`,
/// `readBytes`, `readData`, `getString`, `getBytes`, `getData`. NIO returns `nil` from them only when fewer bytes
/// are readable than asked for, and decodes a string without failing (swift-nio 2.101.3,
/// Sources/NIOCore/ByteBuffer-aux.swift), so in a test of another module the unwrap is set-up that holds every
/// run (swift-nio's HTTP and channel tests unwrap 35 such reads of the buffers their handlers wrote).
///
/// Not in the tests of the module that declares the read (`NIOCoreTests`), where `ByteBuffer` is the code under
/// test and a regression returning `nil` would trap; and only when the buffer is named the same three times by
/// a name or a chain of names (`self.buffer`, `$0`): a call there could hand a different buffer each time. The
/// compiler's facts confirm the read is NIO's; without them its name and labels decide.
enum ReadableBytes {
    /// The reads taking a length alone, from the reader index.
    private static let reads: Set<String> = ["readString", "readSlice", "readBytes", "readData"]
    /// The reads taking an index and a length.
    private static let gets: Set<String> = ["getString", "getSlice", "getBytes", "getData"]
    /// The modules that declare them: `getData`/`readData` are NIOFoundationCompat's.
    private static let modules: Set<String> = EmbeddedNIO.modules.union(["NIOFoundationCompat"])

    /// Whether `call` reads exactly the readable bytes of a buffer the test names, outside the tests of the
    /// module that declares the read.
    static func readsAll(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let buffer = stableName(base)
        else { return false }
        let name = member.declName.baseName.text
        let arguments = Array(call.arguments)
        let length: ExprSyntax
        if reads.contains(name), arguments.count == 1, arguments[0].label?.text == "length" {
            length = arguments[0].expression
        } else if gets.contains(name), arguments.count == 2, arguments[0].label?.text == "at",
            arguments[1].label?.text == "length",
            isMember(arguments[0].expression, "readerIndex", of: buffer)
        {
            length = arguments[1].expression
        } else {
            return false
        }
        guard isMember(length, "readableBytes", of: buffer) else { return false }
        let module: String
        switch test.declaration(calledBy: call) {
        case .known(let declaration):
            guard let declaring = declaration.module, modules.contains(declaring) else { return false }
            module = declaring
        case .unknown:
            module = ["readData", "getData"].contains(name) ? "NIOFoundationCompat" : "NIOCore"
        }
        return test.module != module + "Tests"
    }

    /// Whether `expression` is `buffer.member`.
    private static func isMember(_ expression: ExprSyntax, _ member: String, of buffer: String) -> Bool {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == member,
            let base = access.base
        else { return false }
        return stableName(base) == buffer
    }

    /// The text of `expression` when it is a name or a chain of names (`buffer`, `$0`, `self.buffer`), which
    /// reads the same buffer each time; `nil` for anything else.
    private static func stableName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
            let base = access.base, let root = stableName(base)
        {
            return root + "." + access.declName.baseName.text
        }
        return nil
    }
}
