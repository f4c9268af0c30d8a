// fails: race
// says: atomicAdd(&count[0], …)
// not: put a __syncthreads()
// The next try of a learner told "no __syncthreads() between them" (issue 64): a barrier
// before the plain increment. Every thread still reads and writes count[0] on one line, and a
// barrier orders nothing inside that line: only an atomic fixes it, and the message says so.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __syncthreads();
    if (i < n && in[i] > 0) {
        count[0] += 1;
    }
}
