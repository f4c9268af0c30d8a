// fails: run
// No i < n check before reading in[i]: with n = 1 the other lanes read past the end.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned votes = __ballot_sync(0xffffffff, in[i] > 0);
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&count[0], __popc(votes));
    }
}
