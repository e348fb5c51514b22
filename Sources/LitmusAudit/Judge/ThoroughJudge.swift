/// T: the source files no test executes. (The letter's verdict, line coverage against
/// `--min-line-coverage`, is decided with the others in ``ReportAssembly``.)
enum ThoroughJudge {
    /// One finding per source file with executable lines and none executed.
    static func findings(_ context: JudgingContext) -> [Finding] { judged(context).findings }

    /// The findings, and as notes the files no test executes whose declarations only code this platform
    /// does not compile uses (``UncoveredFileReasons``): nothing here can execute them; and those no test needs to
    /// execute (test support, deprecated code: ``UncoveredFileReasons/needsNoTest(_:testSupport:)``).
    static func judged(_ context: JudgingContext) -> (findings: [Finding], notes: [Finding]) {
        guard let coverage = context.coverage else { return ([], []) }
        var findings: [Finding] = []
        var notes: [Finding] = []
        for file in coverage.files where file.coveredLines == 0 && file.lines > 0 {
            if let reason = file.needsNoTest {
                notes.append(
                    Finding(
                        kind: .uncoveredFile, file: file.file,
                        message: "\(file.file) is never executed by the tests, and needs not be: \(reason)"))
            } else if let user = file.usedOnlyOnOtherPlatformsBy {
                notes.append(
                    Finding(
                        kind: .uncoveredFile, file: file.file,
                        message: "\(file.file) is never executed here, and cannot be: only \(user) uses it, in code "
                            + "this platform's build does not compile (an #if)"))
            } else {
                findings.append(
                    Finding(
                        kind: .uncoveredFile, file: file.file,
                        message: "\(file.file) is never executed by any test (\(file.lines) executable lines)"))
            }
        }
        return (findings, notes)
    }
}
