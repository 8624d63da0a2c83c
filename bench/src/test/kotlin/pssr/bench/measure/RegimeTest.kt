package pssr.bench.measure

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import pssr.bench.measure.Regime.Companion.CORES_BUSY
import pssr.bench.measure.Regime.Companion.FLOOR_SHARE

/** What limited a level, from its share of the latency floor, the machine's cores busy and the driver-bound flag. */
class RegimeTest {
    @Test
    fun `a level near its floor with cores to spare is the item delay's`() {
        assertEquals(Regime.FLOOR, Regime.of(floorShare = 0.88, coresBusy = 0.45, driverBound = false))
        assertEquals(Regime.FLOOR, Regime.of(floorShare = FLOOR_SHARE, coresBusy = 0.45, driverBound = false))
    }

    @Test
    fun `a level with the cores busy below the floor is the stack's CPU`() {
        assertEquals(Regime.CPU, Regime.of(floorShare = 0.36, coresBusy = 0.97, driverBound = false))
        assertEquals(Regime.CPU, Regime.of(floorShare = 0.36, coresBusy = CORES_BUSY, driverBound = false))
    }

    @Test
    fun `near the floor and the cores at once is the knee`() {
        assertEquals(Regime.KNEE, Regime.of(floorShare = 0.82, coresBusy = 0.93, driverBound = false))
    }

    @Test
    fun `a driver-bound level is the driver's whatever else it shows`() {
        assertEquals(Regime.DRIVER, Regime.of(floorShare = 0.40, coresBusy = 0.99, driverBound = true))
        assertEquals(Regime.DRIVER, Regime.of(floorShare = 0.88, coresBusy = 0.40, driverBound = true))
    }

    @Test
    fun `neither near the floor nor busy is held back by something else`() {
        assertEquals(Regime.OTHER, Regime.of(floorShare = 0.50, coresBusy = 0.60, driverBound = false))
        assertEquals(Regime.OTHER, Regime.of(floorShare = FLOOR_SHARE - 0.001, coresBusy = CORES_BUSY - 0.001, driverBound = false))
    }

    @Test
    fun `without the machine's CPU only a level at its floor has a regime`() {
        assertEquals(Regime.UNKNOWN, Regime.of(floorShare = Double.NaN, coresBusy = Double.NaN, driverBound = false))
        assertEquals(Regime.UNKNOWN, Regime.of(floorShare = 0.50, coresBusy = Double.NaN, driverBound = false))
        assertEquals(Regime.FLOOR, Regime.of(floorShare = 0.85, coresBusy = Double.NaN, driverBound = false))
    }

    @Test
    fun `more users than the pool's threads, at its floor with cores to spare, is the pool's`() {
        // 128 users on 4 threads, 10 items 1 ms apart: the pool delivers at most 4 / 10 ms = 400 req/s
        val share = Regime.poolShare(throughputRps = 340.0, poolFloorRps = 400.0, users = 128, poolThreads = 4)
        assertEquals(0.85, share, 1e-9)
        assertEquals(Regime.POOL, Regime.of(floorShare = 340.0 / 12_800, coresBusy = 0.30, driverBound = false, poolShare = share))
        assertEquals(Regime.OTHER, Regime.of(floorShare = 0.02, coresBusy = 0.30, driverBound = false, poolShare = 0.5), "under its floor")
        assertEquals(Regime.CPU, Regime.of(floorShare = 0.40, coresBusy = 0.95, driverBound = false, poolShare = 0.9), "the cores first")
    }

    @Test
    fun `a pool with at least as many threads as users does not bound the level`() {
        assertEquals(true, Regime.poolShare(3_000.0, 6_400.0, users = 32, poolThreads = 64).isNaN())
        assertEquals(true, Regime.poolShare(3_000.0, 3_200.0, users = 32, poolThreads = 32).isNaN())
        assertEquals(true, Regime.poolShare(3_000.0, Double.NaN, users = 32, poolThreads = 0).isNaN(), "no pool")
    }

    @Test
    fun `falling by more than 5 percent past a CPU-bound level, the cores no longer all busy, is overloaded`() {
        assertEquals(Regime.OVERLOADED, Regime.overloaded(Regime.OTHER, 6_000.0, Regime.CPU, 7_700.0))
        assertEquals(Regime.OVERLOADED, Regime.overloaded(Regime.OTHER, 5_000.0, Regime.OVERLOADED, 6_000.0))
        assertEquals(Regime.OTHER, Regime.overloaded(Regime.OTHER, 7_500.0, Regime.CPU, 7_700.0), "within 5%")
        assertEquals(Regime.OTHER, Regime.overloaded(Regime.OTHER, 2_000.0, Regime.FLOOR, 3_000.0), "the level below was not busy")
        assertEquals(Regime.CPU, Regime.overloaded(Regime.CPU, 6_000.0, Regime.CPU, 7_700.0), "still CPU-bound: the cores set it")
    }

    @Test
    fun `every regime reads back from its name in results csv`() {
        for (r in Regime.entries) assertEquals(r, Regime.byId(r.id))
    }

    @Test
    fun `a route is saturated once the cores are busy and a doubling of users no longer raises its throughput by 5 percent`() {
        assertEquals(false, Regime.saturated(10_000.0, 12_300.0, Regime.CPU, errors = 0), "still rising 23%")
        assertEquals(true, Regime.saturated(12_300.0, 12_200.0, Regime.CPU, errors = 0), "flat")
        assertEquals(true, Regime.saturated(7_700.0, 6_000.0, Regime.CPU, errors = 0), "falling (Thymeleaf reactive past 128)")
        assertEquals(true, Regime.saturated(10_000.0, 10_400.0, Regime.KNEE, errors = 0), "busy and up only 4%")
        assertEquals(
            false,
            Regime.saturated(3_000.0, 3_050.0, Regime.OTHER, errors = 0),
            "flat but the cores idle: not the stack's limit yet",
        )
        assertEquals(false, Regime.saturated(Double.NaN, 2_800.0, Regime.FLOOR, errors = 0), "on the floor")
        assertEquals(
            true,
            Regime.saturated(Double.NaN, 12_000.0, Regime.CPU, errors = 0),
            "CPU-bound with nothing to compare: no doubling left to read",
        )
        assertEquals(true, Regime.saturated(10_000.0, 12_000.0, Regime.DRIVER, errors = 0), "the driver's limit, not the server's")
        assertEquals(true, Regime.saturated(10_000.0, 12_000.0, Regime.CPU, errors = 3), "errors: too many users for the route")
    }
}
