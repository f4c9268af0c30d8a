// fails: race
// Every thread adds into out[blockIdx.x] with a plain +=: the 32 lanes of a warp read the
// same old value and store different sums to one word in the same step: which one survives
// is not defined (issue 45), so the check calls it the race it is.
__global__ void block_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[blockIdx.x] += in[i];
    }
}
