import Testing

@testable import LitmusSupport

@Suite("Words quoted for a shell")
struct ShellTests {
    @Test("A plain path is printed as it is")
    func plain() {
        #expect(Shell.quoted("/work/my-package_2/Sources") == "/work/my-package_2/Sources")
    }

    @Test("A path with a space is single-quoted, so pasting it names one folder")
    func space() {
        #expect(Shell.quoted("/tmp/my package") == "'/tmp/my package'")
    }

    @Test("A single quote inside is closed, escaped and reopened")
    func quote() {
        #expect(Shell.quoted("/tmp/it's") == #"'/tmp/it'\''s'"#)
    }

    @Test("An empty word is two quotes, not nothing")
    func empty() {
        #expect(Shell.quoted("") == "''")
    }
}
