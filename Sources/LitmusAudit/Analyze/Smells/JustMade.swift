import SwiftSyntax

/// An `if let` that unwraps a local the test declared, earlier in the same block, with a value the compiler
/// types as not optional, no statement between naming it: `var subject: ClassUnderTest? = ClassUnderTest()`
/// then `if let sub = subject { … }` (Quick/Nimble 14.0.0's `testSubjectUnderTestIsReleasedFromMemory`, four
/// tests). Nothing can have set it to `nil` by then (a closure that could was made after it, naming it), so
/// the branch always runs and its checks cannot be skipped. Without the compiler's facts (`litmus smells`),
/// or with a value that may be `nil` (a failable initializer's, an optional's), the branch stays a skip.
enum JustMade {
    /// Whether every condition of `branch` unwraps such a local.
    static func covers(_ branch: IfExprSyntax, test: ScannedTest) -> Bool {
        let statement: Syntax = branch.parent?.as(ExpressionStmtSyntax.self).map(Syntax.init) ?? Syntax(branch)
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self),
            let block = item.parent?.as(CodeBlockItemListSyntax.self),
            let index = block.firstIndex(where: { $0.id == item.id })
        else { return false }
        let before = Array(block[block.startIndex..<index])
        return branch.conditions.allSatisfy { element in
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self) else { return false }
            let name: String
            if let value = binding.initializer?.value {
                guard let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else {
                    return false
                }
                name = plain(reference.baseName.text)
            } else {
                name = plain(binding.pattern.trimmedDescription)
            }
            return madeNotNil(name, before: before, test: test)
        }
    }

    /// Whether the last of `statements` that names `name` declares it alone, with no modifier or attribute
    /// (`weak`, a property wrapper), from a value the compiler types as not optional.
    private static func madeNotNil(_ name: String, before statements: [CodeBlockItemSyntax], test: ScannedTest)
        -> Bool
    {
        for statement in statements.reversed() {
            if let declaration = statement.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
                let binding = declaration.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self).map({ plain($0.identifier.text) }) == name
            {
                // A `weak` or `unowned` local lets its value go; a wrapper's value is the wrapper's to give.
                guard declaration.modifiers.isEmpty, declaration.attributes.isEmpty,
                    let value = binding.initializer?.value, case .known(let type) = test.type(of: value)
                else { return false }
                return !type.isOptional
            }
            if statement.tokens(viewMode: .sourceAccurate).contains(where: { plain($0.text) == name }) { return false }
        }
        return false
    }

    /// A name without the backticks that may quote it (`` `v` `` is `v`).
    private static func plain(_ name: String) -> String { name.filter { $0 != "`" } }
}
