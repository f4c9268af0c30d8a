// fails: forbidden
// atomicAdd needs no lock at all, which is why the challenge forbids it.
__global__ void spin_lock(int* lock, int* counter) {
    atomicAdd(&counter[0], 1);
}
