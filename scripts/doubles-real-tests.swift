// Run by scripts/doubles-real in its throwaway consumer package, against doubles generated from seven
// packages nobody here wrote. Each test also calls a member left unstubbed whose type has no
// DefaultValue, which used to stop the whole test process, where the protocol has one.
import CoreMetrics
import FlyingFox
import Foundation
import Logging
import OpenCombine
import ServiceLifecycle
import Swinject
import Testing
import Tracing

@testable import CoreMetricsDoubles
@testable import FlyingFoxDoubles
@testable import LoggingDoubles
@testable import OpenCombineDoubles
@testable import ServiceLifecycleDoubles
@testable import SwinjectDoubles
@testable import TracingDoubles

@Suite("Doubles of real packages' protocols")
struct RealDoublesTests {
    @Test("LogHandler: an unstubbed logLevel is its first case, as a failure; a stubbed one lets messages through")
    func logHandler() {
        let handler = LogHandlerMock()
        let logger = Logger(label: "test") { _ in handler }

        withKnownIssue {
            #expect(logger.logLevel == .trace)
        } matching: { issue in
            issue.comments.description.contains("LogHandlerMock.logLevel was called but not stubbed")
        }
        handler.double.logLevel.value = .info
        logger.debug("hidden")
        logger.info("shown")

        let events = handler.double.logEvent.allArguments.map(\.message.description)
        let classic = handler.double.logLevelMessageMetadataSourceFileFunctionLine.allArguments.map(
            \.message.description)
        #expect(events + classic == ["shown"])
    }

    @Test("LogHandler forwarding to swift-log's StreamLogHandler: calls are recorded and reach the real one")
    func forwardingLogHandler() {
        var real = StreamLogHandler.standardError(label: "forwarded")
        real.logLevel = .notice
        let handler = LogHandlerMock(forwardingTo: real)
        var logger = Logger(label: "test") { _ in handler }

        #expect(logger.logLevel == .notice)
        logger.logLevel = .debug
        logger[metadataKey: "request"] = "42"
        #expect(handler.logLevel == .debug)
        #expect(handler[metadataKey: "request"] == "42")
        #expect(handler.double.logLevel.setter.allArguments == [.debug])
        handler.double.subscriptMetadataKey.stubbedResult = "stubbed"
        #expect(handler[metadataKey: "request"] == "stubbed")
    }

    @Test("Tracer (with Instrumentation's parent): a started span is recorded with its autoclosure values")
    func tracer() {
        let tracer = TracerMock<SpanMock>()
        let span = SpanMock()
        tracer.double.startSpan.stubbedResult = span

        let started = tracer.startSpan("GET /albums", context: .topLevel, ofKind: .server)
        withKnownIssue {
            #expect(started.attributes == [:])
        } matching: { issue in
            issue.comments.description.contains("SpanMock.attributes was called but not stubbed")
        }
        started.end()

        #expect(tracer.double.startSpan.lastArguments?.operationName == "GET /albums")
        #expect(tracer.double.startSpan.lastArguments?.kind == .server)
        #expect(span.double.end.callCount == 1)
    }

    @Test("Tracing TracerInstant (Comparable, Hashable): < is a static stub the library's ordering uses")
    func tracerInstant() {
        TracerInstantMock.withStaticMock {
            let early = TracerInstantMock()
            let late = TracerInstantMock()
            early.double.nanosecondsSinceEpoch.stubbedResult = 2_000_000
            late.double.nanosecondsSinceEpoch.stubbedResult = 5_000_000
            TracerInstantMock.double.operatorLess.handler = { pair in
                pair.lhs.nanosecondsSinceEpoch < pair.rhs.nanosecondsSinceEpoch
            }
            let span = SpanMock()

            span.end(at: late)

            #expect([late, early].sorted().first === early)
            #expect(late >= early)
            #expect(early.millisecondsSinceEpoch == 2)
            #expect(Set([early, late, early]).count == 2)
            #expect((span.double.end.lastArguments as? TracerInstantMock) === late)
        }
    }

    @Test("Swinject ServiceKeyOption (CustomStringConvertible): the double's name describes it until stubbed")
    func serviceKeyOption() {
        let option = ServiceKeyOptionMock(mode: .strict)

        #expect("\(option)" == "ServiceKeyOptionMock")
        option.double.description.stubbedResult = "name: primary"
        option.double.isEqualTo.stubbedResult = true

        #expect("\(option)" == "name: primary")
        #expect(option.isEqualTo(ServiceKeyOptionMock()))
        #expect(option.double.isEqualTo.callCount == 1)
    }

    @Test("OpenCombine Subscriber: combineIdentifier is the extension's default, one per double; a demand is .none")
    func subscriber() {
        let subscriber = SubscriberMock<Int, Never>()
        let other = SubscriberMock<Int, Never>()

        #expect(subscriber.combineIdentifier == subscriber.combineIdentifier)
        #expect(subscriber.combineIdentifier != other.combineIdentifier)
        withKnownIssue {
            let erased = AnySubscriber(subscriber)
            #expect(erased.combineIdentifier == subscriber.combineIdentifier)
            #expect(erased.receive(1) == .none)
        } matching: { issue in
            issue.comments.description.contains(
                "SubscriberMock.receive(_:) was called but not stubbed, and Demand has no "
                    + "DefaultValue: it returned max(0), which its declaration offers; stub it "
                    + "(double.receiveInput.stubbedResult = …)")
        }
        #expect(subscriber.double.combineIdentifier.callCount == 5)
        subscriber.double.receiveInput.stubbedResult = .unlimited
        #expect(subscriber.receive(2) == .unlimited)
        #expect(subscriber.double.receiveInput.allArguments == [1, 2])
    }

    @Test("OpenCombine Subscriber: a real publisher delivers to a double whose receive(subscription:) requests")
    func publisherDelivers() {
        let subscriber = SubscriberMock<Int, Never>()
        subscriber.double.receiveSubscription.handler = { $0.request(.unlimited) }
        subscriber.double.receiveInput.stubbedResult = Subscribers.Demand.none  // `.none` would be the Optional's

        Just(5).subscribe(subscriber)

        #expect(subscriber.double.receiveSubscription.callCount == 1)
        #expect(subscriber.double.receiveInput.allArguments == [5])
        #expect(subscriber.double.receiveCompletion.callCount == 1)
    }

    @Test("Swinject Resolver: an unstubbed resolve is nil, a stubbed one returns the service")
    func resolver() {
        let resolver = ResolverMock()
        #expect(resolver.resolve(Int.self) == nil)

        resolver.double.resolveServiceType.stubbedResult = 42

        #expect(resolver.resolve(Int.self) == 42)
        #expect(resolver.double.resolveServiceType.callCount == 2)
    }

    @Test("FlyingFox HTTPHandler: an unstubbed handler throws UnstubbedCallError; a stubbed one responds")
    func httpHandler() async throws {
        let handler = HTTPHandlerMock()
        let request = HTTPRequest(
            method: .GET, version: .http11, path: "/albums", query: [], headers: [:],
            body: HTTPBodySequence(data: Data()))

        await #expect(throws: (any Error).self) { try await handler.handleRequest(request) }
        handler.double.handleRequest.stubbedResult = HTTPResponse(statusCode: .ok)

        #expect(try await handler.handleRequest(request).statusCode == .ok)
        #expect(handler.double.handleRequest.lastArguments?.path == "/albums")
    }

    @Test("swift-metrics: a Counter made by a MetricsFactory double reaches its CounterHandler double")
    func metricsFactory() {
        let factory = MetricsFactoryMock()
        let handler = CounterHandlerMock()
        factory.double.makeCounter.stubbedResult = handler
        let counter = Counter(label: "requests", dimensions: [("route", "/albums")], factory: factory)

        counter.increment(by: 2)
        counter.increment()
        counter.reset()

        #expect(factory.double.makeCounter.lastArguments?.label == "requests")
        #expect(factory.double.makeCounter.lastArguments?.dimensions.map(\.1) == ["/albums"])
        #expect(handler.double.increment.allArguments == [2, 1])
        #expect(handler.double.reset.callCount == 1)
        counter.destroy()
        #expect(factory.double.destroyCounter.lastArguments === handler)
    }

    @Test("swift-metrics: an unstubbed makeFloatingPointCounter runs MetricsFactory's default over makeCounter")
    func metricsFactoryDefault() {
        let factory = MetricsFactoryMock()
        let handler = CounterHandlerMock()
        factory.double.makeCounter.stubbedResult = handler
        let counter = FloatingPointCounter(label: "seconds", dimensions: [], factory: factory)

        // The default accumulates fractions and increments the integer counter it made.
        counter.increment(by: 1.5)
        counter.increment(by: 0.75)
        counter.destroy()

        #expect(factory.double.makeFloatingPointCounter.lastArguments?.label == "seconds")
        #expect(factory.double.makeCounter.lastArguments?.label == "seconds")
        #expect(handler.double.increment.allArguments == [1, 1])
        #expect(factory.double.destroyFloatingPointCounter.callCount == 1)
        #expect(factory.double.destroyCounter.lastArguments === handler)
    }

    @Test("swift-metrics: in strict mode the default still answers, and the unstubbed call is a failure")
    func metricsFactoryStrict() {
        let factory = MetricsFactoryMock(mode: .strict)
        factory.double.makeCounter.stubbedResult = CounterHandlerMock()

        withKnownIssue {
            _ = FloatingPointCounter(label: "seconds", dimensions: [], factory: factory)
        } matching: { issue in
            issue.comments.description.contains(
                "MetricsFactoryMock.makeFloatingPointCounter(label:dimensions:) was called but not stubbed (strict "
                    + "mode); it ran the default implementation of the protocol's extension")
        }
        #expect(factory.double.makeCounter.callCount == 1)
    }

    @Test("swift-metrics: a Timer made with a display unit records through its TimerHandler double")
    func metricsTimer() {
        let factory = MetricsFactoryMock()
        let handler = TimerHandlerMock()
        factory.double.makeTimer.stubbedResult = handler
        let timer = CoreMetrics.Timer(label: "latency", preferredDisplayUnit: .milliseconds, factory: factory)

        timer.recordNanoseconds(1_500)
        timer.recordMilliseconds(2)

        #expect(handler.double.recordNanoseconds.allArguments == [1_500, 2_000_000])
        #expect(handler.double.preferDisplayUnit.callCount == 1)
        #expect(factory.double.makeTimer.callCount == 1)
    }

    @Test("ServiceLifecycle Service: a ServiceGroup runs the double; unstubbed it returns, stubbed it throws")
    func service() async throws {
        let service = ServiceMock()
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
                logger: Logger(label: "test")))
        try await group.run()
        #expect(service.double.run.callCount == 1)

        struct ServiceFailed: Error {}
        let failing = ServiceMock()
        failing.double.run.stubbedError = ServiceFailed()
        let failingGroup = ServiceGroup(services: [failing], logger: Logger(label: "test"))
        await #expect(throws: ServiceFailed.self) { try await failingGroup.run() }
        #expect(failing.double.run.callCount == 1)
    }

    @Test("ServiceLifecycle Service: an async handler waits for graceful shutdown; strict mode fails unstubbed")
    func serviceUntilShutdown() async throws {
        let service = ServiceMock()
        service.double.run.handler = { _ in try await gracefulShutdown() }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
                logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(service.double.run.callCount == 1)

        let strict = ServiceMock(mode: .strict)
        try await withKnownIssue {
            try await strict.run()
        } matching: { issue in
            issue.comments.description.contains("ServiceMock.run() was called but not stubbed (strict mode)")
        }
    }
}
