import SwiftSyntax

/// A property the test's class inherits, which a superclass's `setUp` sets before every test: groue/GRDB.swift
/// 7.10.0's `class GRDBTestCase: XCTestCase` declares `var dbConfiguration: Configuration!` and sets it to
/// `Configuration()` in its `override func setUp()`, and the tests of its subclasses, in other files, unwrap
/// `dbConfiguration!` (swift-server/async-http-client 1.37.0's base class and its `defaultClient`, the same).
extension AssignedAtSetUp {
    /// Whether `name`, which the test's class `type` does not declare, is a plain optional stored property of the
    /// nearest class up its chain (as the files declare it) that declares a property of that name, and is set
    /// there as ``isSetUpBy(_:type:unsubclassed:)`` asks; where the test's class is final or inherited by no class
    /// of the tests, every class below the declaring one that overrides a `setUp` calls `super`'s first (before any
    /// `return`, `guard` or `throw`), and every assignment of the name in those classes' files (but in their
    /// `tearDown`s and in other tests) gives a value (``givesValue(_:declared:sources:)``, by the facts in the test's
    /// own file).
    static func isSetByInheritedSetUp(
        _ name: String, testClass type: Syntax, test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        guard let testClass = type.as(ClassDeclSyntax.self), !declaresProperty(name, in: type),
            testClass.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) })
                || !sources.isSubclassed(testClass.name.text),
            let base = TargetTypes.firstInherited(testClass.inheritanceClause)
        else { return false }
        var below = [type]
        for superclass in sources.classChain(from: base).map({ sameTree($0, as: type) }) {
            guard declaresProperty(name, in: superclass) else {
                below.append(superclass)
                continue
            }
            let names = (below + [superclass]).compactMap { $0.as(ClassDeclSyntax.self)?.name.text }
            // Every file that may assign the name, or extends a class of the chain, beside the chain's own.
            let others = sources.trees(
                matching: #"(\b\#(name)\s*=[^=]|&\s*(self\.)?\#(name)\b|extension\s+("#
                    + names.joined(separator: "|") + #")\b)"#)
            let roots = uniqueRoots(below + [superclass], others: others.map(Syntax.init))
            let extensions = roots.flatMap { $0.descendants(of: ExtensionDeclSyntax.self) }.filter {
                names.dropLast().contains($0.extendedType.trimmedDescription)
            }
            let overrides = (below + extensions.map(Syntax.init)).flatMap(setUps(in:))
            guard isPlainOptionalStoredProperty(name, in: superclass), overrides.allSatisfy(callsSuperSetUpFirst),
                let assignments = assignments(
                    of: name, declaredIn: superclass, names: Set(names), roots: roots, test: test, sources: sources)
            else { return false }
            return !assignments.isEmpty && isSetUpBy(assignments, type: superclass, unsubclassed: true)
        }
        return false
    }

    /// The trees of `classes` and `others`, each file once: a tree of the source functions' that is again the
    /// test's file (or a class's) is left out, so that each place is read in one tree.
    private static func uniqueRoots(_ classes: [Syntax], others: [Syntax]) -> [Syntax] {
        var roots: [Syntax] = []
        for root in classes.map(\.root) + others
        where !roots.contains(where: {
            $0.id == root.id || ($0.totalLength == root.totalLength && $0.description == root.description)
        }) {
            roots.append(root)
        }
        return roots
    }

    /// The `setUp` and `setUpWithError` functions `declaration` (a class or an extension) declares, under `#if`
    /// too; not those of the types nested in it.
    private static func setUps(in declaration: Syntax) -> [FunctionDeclSyntax] {
        declaration.descendants(of: FunctionDeclSyntax.self).filter { function in
            ["setUp", "setUpWithError"].contains(function.name.text)
                && function.signature.parameterClause.parameters.isEmpty
                && function.parent?.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self) }).map {
                    Syntax($0).id == declaration.id
                } == true
        }
    }

    /// `declaration`, or the same class in the tree of `type` when they are one file: the source functions parse
    /// the files again, and a place is compared within one tree.
    private static func sameTree(_ declaration: ClassDeclSyntax, as type: Syntax) -> Syntax {
        let root = type.root
        guard declaration.root.totalLength == root.totalLength,
            let same = root.descendants(of: ClassDeclSyntax.self).first(where: {
                $0.position == declaration.position && $0.name.text == declaration.name.text
            })
        else { return Syntax(declaration) }
        return Syntax(same)
    }

    /// Whether `type` declares a property `name` (stored, computed or an override).
    private static func declaresProperty(_ name: String, in type: Syntax) -> Bool {
        (members(of: type) ?? []).contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            } == true
        }
    }

    /// Whether `function`, a `setUp` or `setUpWithError`, calls its superclass's of the same name as a statement of
    /// its own before any statement that may return (``mayReturn(_:)``): what the superclass sets there is set for
    /// the subclass's tests too.
    private static func callsSuperSetUpFirst(_ function: FunctionDeclSyntax) -> Bool {
        let name = function.name.text
        for statement in function.body?.statements ?? [] {
            if let call = statement.item.as(ExprSyntax.self)?.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.is(SuperExprSyntax.self) == true, member.declName.baseName.text == name,
                call.arguments.isEmpty
            {
                return true
            }
            if mayReturn(statement) { return false }
        }
        return false
    }

    /// The assignments of `name` in `roots` (the files of the classes from the test's up to `declaring`, and every
    /// other file that may assign the name), when each gives a value and none passes it `inout`; `nil` otherwise. Not
    /// one in a `tearDown` of the classes `names` (it runs after the test) or in another test the test does not call.
    private static func assignments(
        of name: String, declaredIn declaring: Syntax, names: Set<String>, roots: [Syntax], test: ScannedTest,
        sources: SourceFunctions
    ) -> [SequenceExprSyntax]? {
        let declared = propertyType(name, in: declaring)
        var assignments: [SequenceExprSyntax] = []
        for node in roots.flatMap({ $0.descendants(of: Syntax.self) }) where !inAnotherTest(node, than: test) {
            if let passed = node.as(InOutExprSyntax.self), propertyName(passed.expression) == name { return nil }
            guard let sequence = node.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            if setsInTuple(elements, name), !isInTearDown(sequence, ofClassNamed: names) { return nil }
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), propertyName(elements[0]) == name,
                !isInTearDown(sequence, ofClassNamed: names), mayReachTestInstance(node, classes: names)
            else { continue }
            let value = elements[2]
            let inTestFile = node.root.id == test.declaration.root.id
            guard elements.count == 3,
                inTestFile
                    ? givesValue(value, declared: declared, test: test, sources: sources)
                    : givesValue(value, declared: declared, sources: sources)
            else { return nil }
            assignments.append(sequence)
        }
        return assignments
    }

    /// Whether `node` may act on the test's instance: in a class of the chain `classes`, an extension (of one of
    /// them, or of a protocol it may conform to) or no type at all; not in another class, struct, enumeration or
    /// actor, whose own property of the name it sets (async-http-client 1.37.0's SOCKS tests, a sibling subclass, set
    /// `self.defaultClient = nil` in their own `tearDown`).
    private static func mayReachTestInstance(_ node: Syntax, classes: Set<String>) -> Bool {
        guard let group = node.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self).map(Syntax.init) })
        else { return true }
        if let declared = group.as(ClassDeclSyntax.self) { return classes.contains(declared.name.text) }
        return !(group.is(StructDeclSyntax.self) || group.is(EnumDeclSyntax.self) || group.is(ActorDeclSyntax.self))
    }

    /// Whether `node` is in the `override func tearDown()` (or `tearDownWithError()`) of a class named in `names`.
    private static func isInTearDown(_ node: SequenceExprSyntax, ofClassNamed names: Set<String>) -> Bool {
        guard let function = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
            ["tearDown", "tearDownWithError"].contains(function.name.text),
            function.signature.parameterClause.parameters.isEmpty,
            function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
            let owner = function.parent?.parent?.parent?.parent?.as(ClassDeclSyntax.self)
        else { return false }
        return names.contains(owner.name.text)
    }
}
