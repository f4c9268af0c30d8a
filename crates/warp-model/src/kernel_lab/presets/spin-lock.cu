__global__ void spin(int* lock, int* count) {
    // lock[0] starts at 0: free
    while (atomicCAS(&lock[0], 0, 1) != 0) {
    }
    count[0] = count[0] + 1;   // the critical section
    atomicExch(&lock[0], 0);   // release
}
