// The queue of stream work put off behind a launch that waits for the host
// (simt/launch.h: defer_work): what the rest of the runtime asks of it.
#pragma once

namespace simt::cuda {

// True while the queue's work is being done (a launch done then is not put
// off again: if it still waits, that is a deadlock).
bool doing_deferred_work();

// The host waits for the device (a synchronising call, or one that touches
// device memory): the work put off is done, and then no launch is running
// (ProcessRuntime::host_waited).
void wait_for_device();

}  // namespace simt::cuda
