import LitmusTestReporting

/// What every member of one double shares: the double's name, its mode, and where the test made it.
///
/// Failures that happen inside the code under test (an unstubbed call in strict mode) have no test
/// line of their own; they are reported at the line that created the double.
public final class DoubleContext: Sendable {
    /// The double's type name, e.g. `NetworkingLayerMock`; it starts every member's name.
    public let typeName: String
    /// Whether an unstubbed call is a failure (``DoubleMode/strict``) or returns a default.
    public let mode: DoubleMode
    let location: SourceLocation
    /// The process-wide call order, held here so a call does not look the global up each time.
    @usableFromInline let order: CallOrder

    /// Makes the context of one double; generated initializers pass the caller's location.
    public init(
        typeName: String,
        mode: DoubleMode,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.typeName = typeName
        self.mode = mode
        self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.order = CallOrder.process
    }
}

/// A place in a test's source, where a failure is reported.
typealias SourceLocation = TestSourceLocation
