package pssr.bench.run

import pssr.bench.api.ApiOptions
import pssr.bench.api.ApiReport
import pssr.bench.api.ApiRun
import pssr.bench.console.UsageError
import pssr.bench.measure.AbDriver
import pssr.bench.measure.JmeterDriver
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.OpenModelDriver
import pssr.bench.measure.ProcessCpu
import pssr.bench.measure.Profiler
import pssr.bench.measure.WrkDriver
import pssr.bench.process.MeasureLock
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerRuntime
import pssr.bench.process.Stopping
import pssr.bench.project.Workloads
import pssr.bench.report.Answer
import pssr.bench.report.ClaimsSection
import pssr.bench.report.OpenModelSection
import pssr.bench.report.Report
import pssr.bench.report.RunData
import pssr.bench.results.Environment
import pssr.bench.results.RunDirectory
import pssr.bench.results.Shard
import pssr.bench.results.ShardRecord
import pssr.bench.students.StudentsOptions
import pssr.bench.students.StudentsReport
import pssr.bench.students.StudentsRun
import java.nio.file.Files

/**
 * `./pssr run` from its parsed options (cli/RunCommand only parses): the options checked together, `--plan`'s estimate,
 * or the run: its folder, environment.json, the pages matrix and every other workload, the report and the end-of-run lines.
 * [commandLine] names this run in the measuring lock, [args] are its arguments for the resume command in interrupted.txt.
 */
class RunWorkflow(
    private val what: WhatToRun,
    private val loading: LoadOptions,
    private val runtime: RuntimeOptions,
    private val output: OutputOptions,
    private val pagesOptions: PagesOptions,
    private val students: StudentsOptions,
    private val api: ApiOptions,
    private val commandLine: String,
    private val args: List<String>,
    private val allowConcurrent: Boolean,
) {
    fun execute(): Int {
        // One measurement at a time on this machine: a second one refuses first, in a moment (checking the selection loads
        // every template engine, seconds on a busy machine); --plan measures nothing.
        if (!what.plan) MeasureLock.acquire(commandLine, allowConcurrent)
        try {
            return checkedAndRun()
        } finally {
            Stopping.ended()
            if (!what.plan) MeasureLock.release()
        }
    }

    private fun checkedAndRun(): Int {
        // Everything the user gave is checked before anything is started or written.
        val selection = what.selection
        if (what.quick && what.answer) throw UsageError("--quick and --answer are two presets; give one")
        // --answer measures like --quick (shared JVMs, short windows), on the whole matrix at its own levels
        val quick = what.sharesJvms
        val users = loading.users
        val rates = loading.rates
        val target = runtime.target
        val profileUsers = output.profileUsers
        selection.validate()
        val workloads = Workloads.parse(what.workloadNames).map { it.name }
        val pages = Workloads.PAGES in workloads
        val wantStudents = Workloads.STUDENTS in workloads
        if (wantStudents) students.validate()
        val wantProducts = Workloads.PRODUCTS in workloads
        val wantForward = Workloads.FORWARD in workloads
        if (wantProducts || wantForward) api.validate(wantProducts, wantForward)
        if (what.quick) selection.applyQuickSlice()
        if (what.answer) loading.useAnswerDefaults()
        val shard = what.shard
        if (shard != null && (!pages || wantStudents || wantProducts || wantForward)) {
            throw UsageError("--shard splits the pages matrix; run the students, products and forward workloads unsharded")
        }
        if (rates != null && !pages) {
            throw UsageError("--rate loads the pages workload; the students workload has its own load profile (docs/STUDENTS.md)")
        }
        if (rates != null && users == null && profileUsers != null) {
            throw UsageError("--profile USERS profiles a closed-loop level; with --rate alone there is none (add --users)")
        }
        val (serverCpus, loadCpus) = runtime.pinning()
        runtime.validate()
        val setup = runtime.setup()
        // a paper's driver, load profile and JDK unless the run names its own (docs/SETUPS.md: applied as run defaults)
        loading.useSetup(setup)
        val plan = loading.plan(quick, pagesOptions.itemDelayMs, profileUsers)
        if (plan.jvms > 1 && target != null) throw UsageError("--jvms starts server JVMs; --target measures one that is already running")
        val runtimes = ServerRuntime.matrix(runtime.jdks, runtime.jvms, setup?.runDefault("--jdk"))
        // loopback and answering, or one line saying why not; its rows are named by its own framework (webflux, mvc, quarkus)
        val targetFramework = target?.let { Remote(it, runtime.allowRemoteTarget).routes().first().framework }
        val engines = loading.engines(plan)
        output.validate()
        // the students workload always uses JMeter (seed 003's ramp-up profile); pages use --driver
        val openPlan = rates?.let {
            plan.copy(
                levels = it.distinct().sorted(),
                profileUsers = null,
                profiler = null,
                repeatAt = emptyMap(),
                windows = plan.windows.copy(requestsPerUser = 0), // a rate's window is a time
            )
        }
        if (what.plan) {
            if (target != null) {
                throw UsageError(
                    "--plan starts pssr's own servers to list their routes; with --target, list yours with curl $target/routes",
                )
            }
            val launch = ServerLaunch(heapMax = runtime.heapMax, cpus = serverCpus, setup = setup)
            val levels = plan.levels.size + (openPlan?.levels?.size ?: 0)
            println(
                RunEstimate.text(RunEstimate.list(selection, launch, shard), plan, levels, runtimes.size, quick || target != null, shard),
            )
            return 0
        }
        val closedPlan = plan.takeIf { it.levels.isNotEmpty() }
        val wrk = if (pages && closedPlan != null) loading.checkDriver() else null
        val options = RunRecord.options(what, loading, runtime, plan, serverCpus, loadCpus) + mapOf("setup" to setup?.label) +
            mapOf("runtimes" to runtimes.map { "${it.label.ifEmpty { "default" }}=${it.version} ${it.flags.joinToString(" ")}".trim() }) +
            mapOf("workloads" to workloads) + (if (wantStudents) students.asMap() else emptyMap()) +
            (if (wantProducts || wantForward) api.asMap() else emptyMap())
        // an external --db-url is reached (and logged into) before anything is written; an embedded one starts here
        val studentsDb = if (wantStudents) StudentsRun.open(students) else null
        (studentsDb ?: AutoCloseable {}).use {
            val dir = output.resultsDirectory(options)
            val run = RunDirectory(dir)
            Logs.toFolder(run.logs)
            // the folder holds the options it was started with (environment.json's "args"): its own --resume is enough
            Stopping.started(dir, Stopping.resumeCommand("run", emptyList(), dir))
            val closedLoad: LoadDriver? = closedPlan?.let {
                when {
                    wrk != null -> WrkDriver(wrk, loading.driverThreads, plan.responseTimeout)
                    loading.driver == "ab" -> AbDriver(AbDriver.locate()!!, plan.responseTimeout)
                    else -> JmeterDriver(plan.responseTimeout, dir.resolve("jtl"), engines)
                }
            }
            val openLoad: LoadDriver? = openPlan?.let { OpenModelDriver(plan.responseTimeout) }
            val driver: LoadDriver = closedLoad ?: openLoad!!
            (openLoad ?: AutoCloseable {}).use {
                driver.use {
                    val cores = ProcessCpu.onlineCpus.size // read before pinning narrows what this JVM sees
                    loadCpus?.let { runtime.pinSelf(it) }
                    val launch = ServerLaunch(
                        heapMax = runtime.heapMax,
                        cpus = serverCpus,
                        setup = setup,
                        extraJvmFlags = if (plan.profiler != null) listOf(Profiler.JVM_FLAG) else emptyList(),
                    )
                    // a resumed run keeps the environment it started with, and records each resumed segment beside it
                    val envFile = if (output.resume != null && Files.exists(run.environment)) {
                        dir.resolve("environment-resumed-${System.currentTimeMillis()}.json")
                    } else {
                        run.environment
                    }
                    val started = mapOf("args" to Stopping.withoutFolder(args)) // what `run --resume DIR` alone parses again
                    Environment.write(envFile, Environment.describe(options, launch, loadCpus, driver, cores) + started)
                    // the closed loop's levels first, then the open model's rates (each its own pass over the matrix, same run folder)
                    var failures = 0
                    if (pages) {
                        for ((p, d) in listOfNotNull(closedPlan?.let { it to closedLoad!! }, openPlan?.let { it to openLoad!! })) {
                            failures += MatrixRun(
                                run, p, launch, runtimes, selection, target, targetFramework, quick, d,
                                runtime.allowRemoteTarget,
                                shard?.let(::ShardRecord),
                            ).execute()
                        }
                    }
                    if (studentsDb != null) {
                        failures += StudentsRun(run, students, users ?: StudentsRun.DEFAULT_USERS, launch).execute(studentsDb)
                    }
                    if (wantProducts) failures += ApiRun(run, api, launch).products()
                    if (wantForward) failures += ApiRun(run, api, launch).forward()
                    report(run, closedPlan?.takeIf { pages }, openPlan?.takeIf { pages }, studentsDb != null, wantProducts || wantForward)
                    return if (failures == 0) 0 else 1
                }
            }
        }
    }

    /** report.html and summary.md, then the lines that answer the run's question on the console: the run's files read once. */
    private fun report(run: RunDirectory, closedPlan: RunPlan?, openPlan: RunPlan?, students: Boolean, api: Boolean) {
        val data = RunData.load(run)
        Report.write(data)
        if (closedPlan != null) Answer.lines(data).forEach(::println)
        if (openPlan != null) OpenModelSection.lines(data, loading.p99LimitMs).forEach(::println)
        if (students) StudentsReport.table1Text(data.everyRow).forEach(::println)
        if (api) ApiReport.text(data.everyRow).forEach(::println)
        // the seeds' claims this run's rows can judge (report.html lists them; ./pssr reproduce measures them all)
        ClaimsSection.ledger(data)?.let {
            println("Seeds' claims this run can judge: ${it.counts()} (report.html; ./pssr reproduce for all)")
        }
        println("results: ${run.results}")
        println("report:  ${run.report}")
    }
}

/** What a run's results depend on; a --resume must be given the same (compared with environment.json's "options"). */
internal object RunRecord {
    fun options(
        what: WhatToRun,
        loading: LoadOptions,
        runtime: RuntimeOptions,
        plan: RunPlan,
        serverCpus: String?,
        loadCpus: String?,
    ): Map<String, Any?> = what.selection.asMap() + mapOf<String, Any?>(
        "driver" to (if (plan.levels.isEmpty()) "hyperfoil" else loading.driver),
        "driverThreads" to (if (loading.driver == "wrk" && plan.levels.isNotEmpty()) loading.driverThreads else null),
        // set only when used, so that runs made before these options existed still --resume
        "rates" to loading.rates?.distinct()?.sorted(), "p99LimitMs" to (if (loading.rates != null) loading.p99LimitMs else null),
        "loadEngines" to loading.loadEngines, "allowRemoteTarget" to (if (runtime.allowRemoteTarget) true else null),
        "levels" to plan.levels, "routeWarmupS" to plan.routeWarmup.seconds, "warmupS" to plan.windows.warmup.seconds,
        // until steady: what a route's warm-up may grow to; a run before it had a fixed warm-up and resumes
        // with --steady-cap 0
        "steadyCapS" to plan.steadyCap.seconds.takeIf { it > plan.routeWarmup.seconds },
        "durationS" to plan.windows.measured.seconds, "repeat" to plan.repeat,
        "requestsPerUser" to plan.windows.requestsPerUser.takeIf { it > 0 },
        "firstRepetition" to plan.firstRepetition.takeIf { it != 1 },
        "jvms" to plan.jvms.takeIf { it != 1 },
        "repeatAt" to plan.repeatAt.takeIf { it.isNotEmpty() }?.mapKeys { it.key.toString() },
        "saturateTo" to plan.saturateTo.takeIf { it > 0 },
        "shard" to what.shardText?.let { Shard.parse(it).toString() },
        "itemDelayMs" to plan.itemDelayMs, "quick" to what.quick,
        "answer" to what.answer.takeIf { it }, "freshJvmPerRoute" to (!what.sharesJvms && runtime.target == null),
        "target" to (runtime.target ?: "started by pssr"), "idleTimeoutS" to loading.timeoutSeconds, "heapMax" to runtime.heapMax,
        "serverCpus" to serverCpus, "loadCpus" to loadCpus,
    )
}
