import LitmusModel

/// One small change to the code under test that a good suite should notice.
///
/// Its `id` is the value of `LITMUS_MUTANT` that turns it on in the schema; ids are given in the order
/// of the files and of the mutants in them, so the same sources always get the same ids.
public struct Mutant: Hashable, Sendable, Identifiable {
    /// The switch value that activates this mutant (from 1; 0 runs the original code).
    public var id: Int
    /// The operator that made it.
    public var mutationOperator: MutationOperator
    /// The file, as given to ``MutationSource``.
    public var file: String
    /// Where the changed code starts.
    public var start: SourcePosition
    /// Where the changed code ends (exclusive).
    public var end: SourcePosition
    /// The code as written.
    public var original: String
    /// The code the mutant runs instead.
    public var replacement: String

    /// Byte range of the changed code in the file (`original`).
    package var changed: Range<Int>
    /// Byte range of the node the schema wraps (contains `changed`).
    package var node: Range<Int>
    /// Whether the schema wraps `node` as a statement (`if … { } else { }`) rather than an expression.
    package var isStatement: Bool

    /// Creates a mutant.
    package init(
        id: Int, mutationOperator: MutationOperator, file: String, start: SourcePosition, end: SourcePosition,
        original: String, replacement: String, changed: Range<Int>, node: Range<Int>, isStatement: Bool
    ) {
        self.id = id
        self.mutationOperator = mutationOperator
        self.file = file
        self.start = start
        self.end = end
        self.original = original
        self.replacement = replacement
        self.changed = changed
        self.node = node
        self.isStatement = isStatement
    }
}

/// The mutation operators: each names one kind of small change.
public enum MutationOperator: String, CaseIterable, Codable, Sendable {
    /// `<` ↔ `<=`, `>` ↔ `>=`: an off-by-one at a boundary.
    case relationalBoundary = "RelationalBoundary"
    /// `<` → `>=`, `<=` → `>`, `>` → `<=`, `>=` → `<`, `==` ↔ `!=`: the comparison turned around.
    case negatedRelational = "NegatedRelational"
    /// `+` ↔ `-`, `*` ↔ `/`, `%` → `*`.
    case arithmetic = "ArithmeticOperator"
    /// `+=` ↔ `-=`, `*=` ↔ `/=` in a statement.
    case compoundAssignment = "CompoundAssignment"
    /// `&&` ↔ `||`.
    case logicalConnector = "LogicalConnector"
    /// The condition of an `if`, `guard`, `while`, `repeat … while` or ternary, negated.
    case negatedCondition = "NegatedCondition"
    /// `true` ↔ `false`.
    case booleanLiteral = "BooleanLiteral"
    /// An integer literal as `0` (or `1` when it is `0`), and one more than written.
    case integerLiteral = "IntegerLiteral"
    /// A non-empty string literal as `""`.
    case stringLiteral = "StringLiteral"
    /// `..<` ↔ `...`.
    case rangeOperator = "RangeOperator"
    /// `a ?? b` as `b`: the default always.
    case nilCoalescing = "NilCoalescing"
    /// A returned value as the return type's empty value (`false`, `0`, `""`, `nil`, `[]`, `[:]`).
    case returnValue = "ReturnValue"
    /// A call statement (its result unused: a side effect) removed.
    case removedCall = "RemovedCall"
    /// `min` ↔ `max`, `first` ↔ `last`.
    case swappedCall = "SwappedCall"
}
