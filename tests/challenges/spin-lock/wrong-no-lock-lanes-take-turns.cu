// fails: race
// No lock at all: the lanes of a warp take turns, but nothing orders two warps (or, under
// independent thread scheduling, two lanes), so the increments race.
__global__ void spin_lock(int* lock, int* counter) {
    for (int k = 0; k < 32; k++) {
        if (threadIdx.x % 32 == k) {
            counter[0] = counter[0] + 1;
        }
    }
}
