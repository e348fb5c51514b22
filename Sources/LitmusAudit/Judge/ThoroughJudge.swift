/// T: the source files no test executes. (The letter's verdict, line coverage against
/// `--min-line-coverage`, is decided with the others in ``ReportAssembly``.)
enum ThoroughJudge {
    /// One finding per source file with executable lines and none executed.
    static func findings(_ context: JudgingContext) -> [Finding] {
        guard let coverage = context.coverage else { return [] }
        return coverage.files.filter { $0.coveredLines == 0 && $0.lines > 0 }.map { file in
            Finding(
                kind: .uncoveredFile, file: file.file,
                message: "\(file.file) is never executed by any test (\(file.lines) executable lines)")
        }
    }
}
