import SwiftSyntax

/// Which of the test targets' methods a call on `self` can reach, read from the types' declarations: a call
/// `f()` or `self.f()` in a method of `X` reaches the members of `X`, of what `X` inherits or conforms to and of
/// the target's types that inherit `X` (which override), not a method of the same name in an unrelated type of
/// the target. swift-nio 2.101.3's `extension EmbeddedEventLoop { func advanceTimeForTests(by:) {
/// self.advanceTime(by:) } }` calls the loop's own method, not the test class's `advanceTime(by:)` that sleeps;
/// and `ChannelTests`' local `runTest()` is not `StreamChannelsTest`'s.
///
/// A method declared in an extension of a type the target does not declare (`extension XCTestCase`) may be
/// inherited by a path the target does not show, so it stays a candidate of every call.
struct TypeFamilies {
    /// What each type inherits or conforms to, by name, over all its declarations and extensions.
    private var inherited: [String: Set<String>] = [:]
    /// The classes, structs, enums, actors and protocols the target declares.
    private var declared: Set<String> = []

    /// Whether the target declares a type of this name (a plain name: ``CaughtErrors``' caller looks up
    /// `FailingJob.Failure` by its first component, `FailingJob`).
    func declares(_ name: String) -> Bool { declared.contains(name) }

    /// The families of the types `declarations` (every declaration of the target's files) declare or extend.
    init(declarations: [DeclSyntax]) {
        for declaration in declarations {
            guard let group = declaration.asProtocol(DeclGroupSyntax.self), let name = Self.name(of: declaration)
            else { continue }
            if !declaration.is(ExtensionDeclSyntax.self) { declared.insert(name) }
            let parents = group.inheritanceClause?.inheritedTypes.map { Self.plain($0.type.trimmedDescription) } ?? []
            inherited[name, default: []].formUnion(parents)
        }
    }

    /// The type a method is a member of, by its declaration's place: the innermost type or extended type.
    static func owner(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let syntax = current {
            if let name = name(of: syntax) { return name }
            current = syntax.parent
        }
        return nil
    }

    /// The candidates of `call` (by index, each with the type it is a member of, `nil` for a free function) that
    /// it can reach: for a call on `self` (written or not) in a type's code, the members of its family when it has
    /// one of that name; otherwise, for a bare call, the free functions, and for both the members of extensions of
    /// types the target does not declare. A call on another value keeps every candidate.
    func reachable(_ candidates: [(index: Int, owner: String?)], from call: FunctionCallExprSyntax) -> [Int] {
        let onSelf: Bool
        if call.calledExpression.is(DeclReferenceExprSyntax.self) {
            onSelf = false
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            onSelf = true
        } else {
            return candidates.map(\.index)
        }
        guard let type = Self.owner(of: call) else { return candidates.map(\.index) }
        let family = family(of: type)
        let members = candidates.filter { $0.owner.map(family.contains) ?? false }
        if !members.isEmpty { return members.map(\.index) }
        return candidates.filter { candidate in
            guard let owner = candidate.owner else { return !onSelf }
            return !declared.contains(owner)
        }
        .map(\.index)
    }

    /// `type`, what it inherits (through the target's declarations), and the target's types that inherit it.
    func family(of type: String) -> Set<String> {
        var up: Set<String> = [type]
        var pending = [type]
        while let next = pending.popLast() {
            for parent in inherited[next] ?? [] where up.insert(parent).inserted { pending.append(parent) }
        }
        // The types that inherit it, through others: its callers, over the inheritance graph.
        return up.union(HelperIndex.callers(of: [type], over: inherited))
    }

    /// Whether `type` inherits one of `ancestors`, through the target's declarations (siesta 1.5.2's `RequestSpec:
    /// ResourceSpecBase`, `ResourceSpecBase: SiestaSpec`, `SiestaSpec: QuickSpec`).
    func inherits(_ type: String, anyOf ancestors: Set<String>) -> Bool {
        var seen: Set<String> = [type]
        var pending = [type]
        while let next = pending.popLast() {
            for parent in inherited[next] ?? [] {
                if ancestors.contains(parent) { return true }
                if seen.insert(parent).inserted { pending.append(parent) }
            }
        }
        return false
    }

    /// The name a type declaration or extension gives its members' type.
    private static func name(of node: some SyntaxProtocol) -> String? {
        if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(EnumDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ActorDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ProtocolDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ExtensionDeclSyntax.self) {
            return plain(declaration.extendedType.trimmedDescription)
        }
        return nil
    }

    /// A type's name without its generic arguments or module (`Box<Int>` and `NIOCore.Box` are `Box`).
    private static func plain(_ text: String) -> String {
        let base = text.split(separator: "<").first.map(String.init) ?? text
        return base.split(separator: ".").last.map(String.init) ?? base
    }
}
