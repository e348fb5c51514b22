import LitmusAuditCommand
import Testing

/// The deprecated product `LitmusAuditCommand` still brings the commands that moved to LitmusCommands.
@Suite("LitmusAuditCommand, LitmusCommands' earlier name, still compiles")
struct EarlierNamesTests {
    @Test("import LitmusAuditCommand brings litmus audit's command, with its name")
    func auditCommandThroughTheEarlierName() {
        #expect(AuditCommand.configuration.commandName == "audit")
    }
}
