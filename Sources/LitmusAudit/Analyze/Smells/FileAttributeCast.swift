import SwiftSyntax

/// A force cast of an attribute Foundation's `FileManager.attributesOfItem(atPath:)` always gives, to a type
/// its value always casts to (sushichop/Puppy 0.9.0's `attributesOfItem(atPath: path)[.posixPermissions] as!
/// UInt16`, four read false on first contact): the call throws for a file that is not there, and for one that is,
/// swift-corelibs-foundation (measured on Swift 6.3.1) and Darwin's Foundation fill these keys with an `NSNumber`,
/// a `Date` or a `FileAttributeType`. A number casts to an integer type that holds every value the key can have: a
/// permission (at most 0o7777) to any, a size or a count to the 64-bit ones. Not the owner's names, which
/// swift-foundation leaves out for a user ID with no passwd entry (a CI container's).
enum FileAttributeCast {
    /// The integer types that hold any file size, count or identifier.
    private static let wide: Set<String> = ["Int", "Int64", "UInt64", "UInt", "NSNumber"]
    /// The types each key's value always casts to.
    static let types: [String: Set<String>] = [
        "posixPermissions": wide.union(["Int16", "UInt16", "Int32", "UInt32"]),
        "size": wide, "referenceCount": wide, "systemNumber": wide, "systemFileNumber": wide,
        "ownerAccountID": wide, "groupOwnerAccountID": wide,
        "creationDate": ["Date", "NSDate"], "modificationDate": ["Date", "NSDate"], "type": ["FileAttributeType"],
    ]

    /// Whether `value as! type` cannot trap: `value` is `attributes[.key]` (or `[FileAttributeKey.key]`) of a
    /// `attributesOfItem(atPath:)` call, written in place or bound to the test's `let`, with a key above and one
    /// of its types.
    static func holds(_ value: ExprSyntax, to type: TypeSyntax, test: ScannedTest) -> Bool {
        let cast = type.trimmedDescription
        guard let read = value.withoutTryOrAwait.withoutParentheses.as(SubscriptCallExprSyntax.self),
            read.arguments.count == 1, let key = read.arguments.first?.expression.as(MemberAccessExprSyntax.self),
            key.base == nil || key.base?.trimmedDescription == "FileAttributeKey",
            types[key.declName.baseName.text]?.contains(cast) == true
        else { return false }
        var attributes = read.calledExpression.withoutTryOrAwait.withoutParentheses
        if let name = attributes.as(DeclReferenceExprSyntax.self) {
            guard let bound = test.letValue(of: name.baseName.text, at: Syntax(read)) else { return false }
            attributes = bound.withoutTryOrAwait.withoutParentheses
        }
        guard let call = attributes.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "attributesOfItem",
            call.arguments.map({ $0.label?.text ?? "_" }) == ["atPath"]
        else { return false }
        return FailableLiteral.isLibrary(call, test: test)
    }
}
