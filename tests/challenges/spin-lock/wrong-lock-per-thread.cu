// fails: run
// One lock per thread, lock[threadIdx.x]: there is one lock, lock[0], and a lock no other
// thread contends for guards nothing; lock[1] is already past the end.
__global__ void spin_lock(int* lock, int* counter) {
    bool done = false;
    while (!done) {
        if (atomicCAS(&lock[threadIdx.x], 0, 1) == 0) {
            counter[0] = counter[0] + 1;
            atomicExch(&lock[threadIdx.x], 0);
            done = true;
        }
    }
}
