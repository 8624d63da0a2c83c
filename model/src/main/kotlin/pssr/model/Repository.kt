package pssr.model

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.schedulers.Schedulers
import java.util.concurrent.TimeUnit

/**
 * The data source of one model, as asynchronous I/O would deliver it: a cold [Observable] that, once
 * subscribed, emits the items one at a time, each [ItemDelay] after the previous one.
 *
 * The delay is a timer on RxJava's computation scheduler, like a completion from non-blocking I/O: no
 * thread is held while a request waits for its next item. (The seed's reference code delays on
 * `Schedulers.io()`, which parks one platform thread per in-flight request and taxes every approach —
 * the virtual-thread ones most, because it hides their advantage. See docs/ARCHITECTURE.md.)
 */
class Repository<T : Any>(val items: List<T>, private val timer: Scheduler = Schedulers.computation()) {
    fun findAll(delay: ItemDelay = ItemDelay.DEFAULT): Observable<T> = if (delay.millis == 0L) {
        Observable.fromIterable(items)
    } else {
        Observable.fromIterable(items).concatMap { item ->
            Observable.timer(delay.millis, TimeUnit.MILLISECONDS, timer).map { item }
        }
    }
}
