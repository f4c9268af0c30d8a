// fails: mask
// Builds the mask from the lanes with i < n, then votes with it from every lane: the lanes
// past the end call the vote without their bit in the mask.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned inside = __ballot_sync(0xffffffff, i < n);
    bool positive = i < n && in[i] > 0;
    unsigned votes = __ballot_sync(inside, positive);
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&count[0], __popc(votes));
    }
}
