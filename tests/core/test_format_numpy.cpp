// NumPy array printing edge cases beyond the oracle.
// Generated from a differential corpus: every expected text below is what
// CPython 3.11 (NumPy 1.24, PyTorch 1.13) printed for the same program. Errors
// end the text with '!' and either the last traceback line (mode 1) or the
// whole traceback with CPython's ^~ position lines dropped (mode 2), file "prog.py".
#include "tests/core/program_cases.hpp"

using program_cases::Case;
using program_cases::check_all;
using program_cases::run_case;

const Case k_np_print[] = {
    {"float64 basic str repr", 0,
     R"~(import numpy as np
a = np.array([1.0, 2.5, -3.25, 0.1])
print(a)
print(repr(a))
print(np.array([1.0, 2.0]), np.array([0.5]), np.array([1e-3, 1.0]), np.array([1.123456789, 2.0]))
)~",
     R"~([ 1.    2.5  -3.25  0.1 ]
array([ 1.  ,  2.5 , -3.25,  0.1 ])
[1. 2.] [0.5] [0.001 1.   ] [1.12345679 2.        ]
)~"},
    {"precision set_printoptions", 0,
     R"~(import numpy as np
a = np.array([1.123456789, 2.5, 3.14159])
np.set_printoptions(precision=3)
print(a)
np.set_printoptions(precision=1)
print(a, repr(a))
np.set_printoptions(precision=8)
print(a)
)~",
     R"~([1.123 2.5   3.142]
[1.1 2.5 3.1] array([1.1, 2.5, 3.1])
[1.12345679 2.5        3.14159   ]
)~"},
    {"suppress small", 0,
     R"~(import numpy as np
a = np.array([1e-10, 1.0, 1000.0])
print(a)
np.set_printoptions(suppress=True)
print(a)
print(np.array([1e-20, 1e20]))
)~",
     R"~([1.e-10 1.e+00 1.e+03]
[   0.    1. 1000.]
[1.e-20 1.e+20]
)~"},
    {"scientific switch", 0,
     R"~(import numpy as np
print(np.array([1e-5, 1.0]))
print(np.array([1e16, 1.0]))
print(np.array([1e15, 1.0]))
print(np.array([0.0001, 1.0]))
print(np.array([123456789.0, 0.5]))
print(np.array([1e-300, 1e300]))
print(np.array([5e-324]))
print(np.array([1.5e8, 2.5e8]))
)~",
     R"~([1.e-05 1.e+00]
[1.e+16 1.e+00]
[1.e+15 1.e+00]
[1.e-04 1.e+00]
[1.23456789e+08 5.00000000e-01]
[1.e-300 1.e+300]
[5.e-324]
[1.5e+08 2.5e+08]
)~"},
    {"very large and small single values", 0,
     R"~(import numpy as np
for v in (1e16, 1e15, 1e-4, 1e-5, 123456.789, 1e100, -1e-7):
    print(np.array([v]), np.array(v), repr(np.array([v])))
)~",
     R"~([1.e+16] 1e+16 array([1.e+16])
[1.e+15] 1000000000000000.0 array([1.e+15])
[0.0001] 0.0001 array([0.0001])
[1.e-05] 1e-05 array([1.e-05])
[123456.789] 123456.789 array([123456.789])
[1.e+100] 1e+100 array([1.e+100])
[-1.e-07] -1e-07 array([-1.e-07])
)~"},
    {"threshold summarisation 1d", 0,
     R"~(import numpy as np
print(np.arange(1001))
print(np.arange(1000))
np.set_printoptions(threshold=5)
print(np.arange(6))
print(np.arange(5))
print(repr(np.arange(10.0)))
)~",
     R"~([   0    1    2 ...  998  999 1000]
[  0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17
  18  19  20  21  22  23  24  25  26  27  28  29  30  31  32  33  34  35
  36  37  38  39  40  41  42  43  44  45  46  47  48  49  50  51  52  53
  54  55  56  57  58  59  60  61  62  63  64  65  66  67  68  69  70  71
  72  73  74  75  76  77  78  79  80  81  82  83  84  85  86  87  88  89
  90  91  92  93  94  95  96  97  98  99 100 101 102 103 104 105 106 107
 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125
 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143
 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161
 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179
 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197
 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215
 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233
 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251
 252 253 254 255 256 257 258 259 260 261 262 263 264 265 266 267 268 269
 270 271 272 273 274 275 276 277 278 279 280 281 282 283 284 285 286 287
 288 289 290 291 292 293 294 295 296 297 298 299 300 301 302 303 304 305
 306 307 308 309 310 311 312 313 314 315 316 317 318 319 320 321 322 323
 324 325 326 327 328 329 330 331 332 333 334 335 336 337 338 339 340 341
 342 343 344 345 346 347 348 349 350 351 352 353 354 355 356 357 358 359
 360 361 362 363 364 365 366 367 368 369 370 371 372 373 374 375 376 377
 378 379 380 381 382 383 384 385 386 387 388 389 390 391 392 393 394 395
 396 397 398 399 400 401 402 403 404 405 406 407 408 409 410 411 412 413
 414 415 416 417 418 419 420 421 422 423 424 425 426 427 428 429 430 431
 432 433 434 435 436 437 438 439 440 441 442 443 444 445 446 447 448 449
 450 451 452 453 454 455 456 457 458 459 460 461 462 463 464 465 466 467
 468 469 470 471 472 473 474 475 476 477 478 479 480 481 482 483 484 485
 486 487 488 489 490 491 492 493 494 495 496 497 498 499 500 501 502 503
 504 505 506 507 508 509 510 511 512 513 514 515 516 517 518 519 520 521
 522 523 524 525 526 527 528 529 530 531 532 533 534 535 536 537 538 539
 540 541 542 543 544 545 546 547 548 549 550 551 552 553 554 555 556 557
 558 559 560 561 562 563 564 565 566 567 568 569 570 571 572 573 574 575
 576 577 578 579 580 581 582 583 584 585 586 587 588 589 590 591 592 593
 594 595 596 597 598 599 600 601 602 603 604 605 606 607 608 609 610 611
 612 613 614 615 616 617 618 619 620 621 622 623 624 625 626 627 628 629
 630 631 632 633 634 635 636 637 638 639 640 641 642 643 644 645 646 647
 648 649 650 651 652 653 654 655 656 657 658 659 660 661 662 663 664 665
 666 667 668 669 670 671 672 673 674 675 676 677 678 679 680 681 682 683
 684 685 686 687 688 689 690 691 692 693 694 695 696 697 698 699 700 701
 702 703 704 705 706 707 708 709 710 711 712 713 714 715 716 717 718 719
 720 721 722 723 724 725 726 727 728 729 730 731 732 733 734 735 736 737
 738 739 740 741 742 743 744 745 746 747 748 749 750 751 752 753 754 755
 756 757 758 759 760 761 762 763 764 765 766 767 768 769 770 771 772 773
 774 775 776 777 778 779 780 781 782 783 784 785 786 787 788 789 790 791
 792 793 794 795 796 797 798 799 800 801 802 803 804 805 806 807 808 809
 810 811 812 813 814 815 816 817 818 819 820 821 822 823 824 825 826 827
 828 829 830 831 832 833 834 835 836 837 838 839 840 841 842 843 844 845
 846 847 848 849 850 851 852 853 854 855 856 857 858 859 860 861 862 863
 864 865 866 867 868 869 870 871 872 873 874 875 876 877 878 879 880 881
 882 883 884 885 886 887 888 889 890 891 892 893 894 895 896 897 898 899
 900 901 902 903 904 905 906 907 908 909 910 911 912 913 914 915 916 917
 918 919 920 921 922 923 924 925 926 927 928 929 930 931 932 933 934 935
 936 937 938 939 940 941 942 943 944 945 946 947 948 949 950 951 952 953
 954 955 956 957 958 959 960 961 962 963 964 965 966 967 968 969 970 971
 972 973 974 975 976 977 978 979 980 981 982 983 984 985 986 987 988 989
 990 991 992 993 994 995 996 997 998 999]
[0 1 2 3 4 5]
[0 1 2 3 4]
array([0., 1., 2., ..., 7., 8., 9.])
)~"},
    {"edgeitems", 0,
     R"~(import numpy as np
np.set_printoptions(threshold=10, edgeitems=2)
print(np.arange(20))
print(np.arange(100).reshape(10, 10))
np.set_printoptions(edgeitems=1)
print(np.arange(27).reshape(3, 3, 3))
)~",
     R"~([ 0  1 ... 18 19]
[[ 0  1 ...  8  9]
 [10 11 ... 18 19]
 ...
 [80 81 ... 88 89]
 [90 91 ... 98 99]]
[[[ 0 ...  2]
  ...
  [ 6 ...  8]]

 ...

 [[18 ... 20]
  ...
  [24 ... 26]]]
)~"},
    {"summarisation 2d 3d", 0,
     R"~(import numpy as np
print(np.arange(2000).reshape(40, 50))
print(np.arange(3000).reshape(10, 10, 30))
)~",
     R"~([[   0    1    2 ...   47   48   49]
 [  50   51   52 ...   97   98   99]
 [ 100  101  102 ...  147  148  149]
 ...
 [1850 1851 1852 ... 1897 1898 1899]
 [1900 1901 1902 ... 1947 1948 1949]
 [1950 1951 1952 ... 1997 1998 1999]]
[[[   0    1    2 ...   27   28   29]
  [  30   31   32 ...   57   58   59]
  [  60   61   62 ...   87   88   89]
  ...
  [ 210  211  212 ...  237  238  239]
  [ 240  241  242 ...  267  268  269]
  [ 270  271  272 ...  297  298  299]]

 [[ 300  301  302 ...  327  328  329]
  [ 330  331  332 ...  357  358  359]
  [ 360  361  362 ...  387  388  389]
  ...
  [ 510  511  512 ...  537  538  539]
  [ 540  541  542 ...  567  568  569]
  [ 570  571  572 ...  597  598  599]]

 [[ 600  601  602 ...  627  628  629]
  [ 630  631  632 ...  657  658  659]
  [ 660  661  662 ...  687  688  689]
  ...
  [ 810  811  812 ...  837  838  839]
  [ 840  841  842 ...  867  868  869]
  [ 870  871  872 ...  897  898  899]]

 ...

 [[2100 2101 2102 ... 2127 2128 2129]
  [2130 2131 2132 ... 2157 2158 2159]
  [2160 2161 2162 ... 2187 2188 2189]
  ...
  [2310 2311 2312 ... 2337 2338 2339]
  [2340 2341 2342 ... 2367 2368 2369]
  [2370 2371 2372 ... 2397 2398 2399]]

 [[2400 2401 2402 ... 2427 2428 2429]
  [2430 2431 2432 ... 2457 2458 2459]
  [2460 2461 2462 ... 2487 2488 2489]
  ...
  [2610 2611 2612 ... 2637 2638 2639]
  [2640 2641 2642 ... 2667 2668 2669]
  [2670 2671 2672 ... 2697 2698 2699]]

 [[2700 2701 2702 ... 2727 2728 2729]
  [2730 2731 2732 ... 2757 2758 2759]
  [2760 2761 2762 ... 2787 2788 2789]
  ...
  [2910 2911 2912 ... 2937 2938 2939]
  [2940 2941 2942 ... 2967 2968 2969]
  [2970 2971 2972 ... 2997 2998 2999]]]
)~"},
    {"summarisation repr 2d", 0,
     R"~(import numpy as np
print(repr(np.arange(1200.0).reshape(30, 40)))
)~",
     R"~(array([[0.000e+00, 1.000e+00, 2.000e+00, ..., 3.700e+01, 3.800e+01,
        3.900e+01],
       [4.000e+01, 4.100e+01, 4.200e+01, ..., 7.700e+01, 7.800e+01,
        7.900e+01],
       [8.000e+01, 8.100e+01, 8.200e+01, ..., 1.170e+02, 1.180e+02,
        1.190e+02],
       ...,
       [1.080e+03, 1.081e+03, 1.082e+03, ..., 1.117e+03, 1.118e+03,
        1.119e+03],
       [1.120e+03, 1.121e+03, 1.122e+03, ..., 1.157e+03, 1.158e+03,
        1.159e+03],
       [1.160e+03, 1.161e+03, 1.162e+03, ..., 1.197e+03, 1.198e+03,
        1.199e+03]])
)~"},
    {"linewidth wrapping", 0,
     R"~(import numpy as np
print(np.arange(40))
print(np.arange(40.0))
np.set_printoptions(linewidth=30)
print(np.arange(20))
print(repr(np.arange(20)))
print(np.arange(12).reshape(2, 6) * 1000)
)~",
     R"~([ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39]
[ 0.  1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. 16. 17.
 18. 19. 20. 21. 22. 23. 24. 25. 26. 27. 28. 29. 30. 31. 32. 33. 34. 35.
 36. 37. 38. 39.]
[ 0  1  2  3  4  5  6  7  8
  9 10 11 12 13 14 15 16 17
 18 19]
array([ 0,  1,  2,  3,  4,
        5,  6,  7,  8,  9,
       10, 11, 12, 13, 14,
       15, 16, 17, 18, 19])
[[    0  1000  2000  3000
   4000  5000]
 [ 6000  7000  8000  9000
  10000 11000]]
)~"},
    {"sign option", 0,
     R"~(import numpy as np
a = np.array([1.5, -2.0, 0.0])
np.set_printoptions(sign='+')
print(a, np.array([1, 2]))
np.set_printoptions(sign=' ')
print(a, np.array([1.0, 2.0]))
)~",
     R"~([+1.5 -2.  +0. ] [1 2]
[ 1.5 -2.   0. ] [ 1.  2.]
)~"},
    {"floatmode options", 0,
     R"~(import numpy as np
a = np.array([1.0, 0.5, 0.123456789])
for mode in ('fixed', 'unique', 'maxprec', 'maxprec_equal'):
    np.set_printoptions(floatmode=mode, precision=4)
    print(mode, a, np.array([1.0, 2.0]), np.array([0.5, 0.25]))
)~",
     R"~(fixed [1.0000 0.5000 0.1235] [1.0000 2.0000] [0.5000 0.2500]
unique [1.          0.5         0.123456789] [1. 2.] [0.5  0.25]
maxprec [1.     0.5    0.1235] [1. 2.] [0.5  0.25]
maxprec_equal [1.0000 0.5000 0.1235] [1. 2.] [0.50 0.25]
)~"},
    {"float16 float32 shortest repr", 0,
     R"~(import numpy as np
print(np.array([0.1, 0.2, 1/3], dtype=np.float16))
print(np.array([0.1, 0.2, 1/3], dtype=np.float32))
print(repr(np.array([0.1, 1e-5, 65504.0], dtype=np.float16)))
print(repr(np.array([16777217.0, 1e-8], dtype=np.float32)))
print(np.float32(0.1), np.float16(0.1), np.float64(0.1), repr(np.float32(1e10)), np.float32(1/3) * 3)
)~",
     R"~([0.1    0.2    0.3333]
[0.1        0.2        0.33333334]
array([1.00e-01, 1.00e-05, 6.55e+04], dtype=float16)
array([1.6777216e+07, 9.9999999e-09], dtype=float32)
0.1 0.1 0.1 10000000000.0 1.0000000298023224
)~"},
    {"inf nan negative zero", 0,
     R"~(import numpy as np
print(np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1.5]))
print(np.array([np.nan]), np.array([-np.inf, 1.0]), np.array([-0.0]), np.array([0.0, -0.0]))
print(repr(np.array([np.nan, 1e-8])), repr(np.array([np.inf, 1e20])))
print(np.array([np.nan, 1.0], dtype=np.float32), np.array([-np.inf], dtype=np.float16))
)~",
     R"~([ inf -inf  nan  0.  -0.   1.5]
[nan] [-inf   1.] [-0.] [ 0. -0.]
array([   nan, 1.e-08]) array([   inf, 1.e+20])
[nan  1.] [-inf]
)~"},
    {"complex arrays", 0,
     R"~(import numpy as np
print(np.array([1 + 2j, 3 - 4j]))
print(np.array([1.5 + 0j, -2j, 0j]))
print(repr(np.array([1 + 2j, 3.25 - 1e-3j])))
print(np.array([complex(np.nan, 1), complex(1, np.inf), complex(-np.inf, -np.nan)]))
print(np.array([1e10 + 1j, 1 + 1e-10j]))
print(np.array([1 + 1j], dtype=np.complex64), repr(np.array([0.1 + 0.2j], dtype=np.complex64)))
)~",
     R"~([1.+2.j 3.-4.j]
[ 1.5+0.j -0. -2.j  0. +0.j]
array([1.  +2.e+00j, 3.25-1.e-03j])
[ nan +1.j   1.+infj -inf+nanj]
[1.e+10+1.e+00j 1.e+00+1.e-10j]
[1.+1.j] array([0.1+0.2j], dtype=complex64)
)~"},
    {"bool arrays", 0,
     R"~(import numpy as np
print(np.array([True, False, True]))
print(repr(np.array([True, False])))
print(np.array([[True], [False]]), np.zeros(3, dtype=bool), repr(np.ones((2, 2), dtype=bool)))
)~",
     R"~([ True False  True]
array([ True, False])
[[ True]
 [False]] [False False False] array([[ True,  True],
       [ True,  True]])
)~"},
    {"int arrays widths and negatives", 0,
     R"~(import numpy as np
print(np.array([1, -1, 100, -1000]))
print(np.array([[1, 22], [-333, 4]]))
print(repr(np.array([1, 2], dtype=np.int32)), repr(np.array([1, 2], dtype=np.int8)), repr(np.array([1, 2], dtype=np.uint8)), repr(np.array([1, 2], dtype=np.int64)))
print(np.array([255, 0], dtype=np.uint8), np.array([-128, 127], dtype=np.int8), np.array([9223372036854775807, -9223372036854775807 - 1]), np.array([2**62], dtype=np.uint64))
print(repr(np.array([-1, 2], dtype=np.int16)), repr(np.array([65535], dtype=np.uint16)), repr(np.array([7], dtype=np.uint32)), repr(np.array([7], dtype=np.uint64)))
)~",
     R"~([    1    -1   100 -1000]
[[   1   22]
 [-333    4]]
array([1, 2], dtype=int32) array([1, 2], dtype=int8) array([1, 2], dtype=uint8) array([1, 2])
[255   0] [-128  127] [ 9223372036854775807 -9223372036854775808] [4611686018427387904]
array([-1,  2], dtype=int16) array([65535], dtype=uint16) array([7], dtype=uint32) array([7], dtype=uint64)
)~"},
    {"empty arrays every ndim", 0,
     R"~(import numpy as np
print(repr(np.array([])), np.array([]))
print(repr(np.zeros((0, 3))), np.zeros((0, 3)))
print(repr(np.zeros((3, 0))), repr(np.zeros((2, 0, 4))), repr(np.zeros((0,), dtype=np.int64)))
print(repr(np.zeros((0, 3), dtype=np.float32)), repr(np.zeros(0, dtype=np.int32)), repr(np.zeros((0, 2), dtype=bool)))
print(repr(np.zeros(0, dtype=np.complex128)), repr(np.zeros((1, 0), dtype=np.uint8)), repr(np.zeros(0, dtype=np.float16)))
)~",
     R"~(array([], dtype=float64) []
array([], shape=(0, 3), dtype=float64) []
array([], shape=(3, 0), dtype=float64) array([], shape=(2, 0, 4), dtype=float64) array([], dtype=int64)
array([], shape=(0, 3), dtype=float32) array([], dtype=int32) array([], shape=(0, 2), dtype=bool)
array([], dtype=complex128) array([], shape=(1, 0), dtype=uint8) array([], dtype=float16)
)~"},
    {"zero d arrays", 0,
     R"~(import numpy as np
print(np.array(5), repr(np.array(5)), np.array(2.5), repr(np.array(2.5)), repr(np.array(True)), repr(np.array(1 + 2j)))
print(repr(np.array(3, dtype=np.int8)), repr(np.array(1.5, dtype=np.float32)), repr(np.array(np.nan)), np.array(-0.0), repr(np.array(1e20)))
print(np.array(5).shape, np.array(5).ndim, np.float64(3.0) * np.array(2.0))
)~",
     R"~(5 array(5) 2.5 array(2.5) array(True) array(1.+2.j)
array(3, dtype=int8) array(1.5, dtype=float32) array(nan) -0.0 array(1.e+20)
() 0 6.0
)~"},
    {"repr vs str nested", 0,
     R"~(import numpy as np
a = np.arange(6).reshape(2, 3)
print(a)
print(repr(a))
print(repr(a * 1.5))
print(repr(np.arange(8).reshape(2, 2, 2)))
print([a[0], a[1, 1]])
print((np.array([1.5]), np.float64(2.5), np.int32(3)))
)~",
     R"~([[0 1 2]
 [3 4 5]]
array([[0, 1, 2],
       [3, 4, 5]])
array([[0. , 1.5, 3. ],
       [4.5, 6. , 7.5]])
array([[[0, 1],
        [2, 3]],

       [[4, 5],
        [6, 7]]])
[array([0, 1, 2]), 4]
(array([1.5]), 2.5, 3)
)~"},
    {"repr dtype suffix rules", 0,
     R"~(import numpy as np
print(repr(np.arange(3, dtype=np.float32)), repr(np.arange(3, dtype=np.float64)), repr(np.arange(3, dtype=np.int16)))
print(repr(np.array([1.0, 2.0], dtype=np.float16)), repr(np.array([True])), repr(np.array([1j])), repr(np.array([1j], dtype=np.complex64)))
)~",
     R"~(array([0., 1., 2.], dtype=float32) array([0., 1., 2.]) array([0, 1, 2], dtype=int16)
array([1., 2.], dtype=float16) array([ True]) array([0.+1.j]) array([0.+1.j], dtype=complex64)
)~"},
    {"float precision edge rounding", 0,
     R"~(import numpy as np
print(np.array([0.5, 1.5, 2.5]), np.array([1.0000001, 1.0]), np.array([123.456, 0.001]), np.array([1/3, 2/3]))
print(np.array([0.1 + 0.2]), np.array([1e-8, 1.0]), np.array([99999999.0, 1.0]), np.array([0.001, 1000.0]))
)~",
     R"~([0.5 1.5 2.5] [1.0000001 1.       ] [1.23456e+02 1.00000e-03] [0.33333333 0.66666667]
[0.3] [1.e-08 1.e+00] [9.9999999e+07 1.0000000e+00] [1.e-03 1.e+03]
)~"},
    {"mixed magnitudes 2d", 0,
     R"~(import numpy as np
print(np.array([[1.5, 1000.25], [-0.001, 7.0]]))
print(np.array([[1e-6, 1.0], [2.0, 3.0]]))
print(np.array([[np.nan, 1.0], [np.inf, -2.5]]))
)~",
     R"~([[ 1.50000e+00  1.00025e+03]
 [-1.00000e-03  7.00000e+00]]
[[1.e-06 1.e+00]
 [2.e+00 3.e+00]]
[[ nan  1. ]
 [ inf -2.5]]
)~"},
    {"large int arrays with summarisation", 0,
     R"~(import numpy as np
print(np.arange(10000, dtype=np.int64).reshape(100, 100) - 5000)
)~",
     R"~([[-5000 -4999 -4998 ... -4903 -4902 -4901]
 [-4900 -4899 -4898 ... -4803 -4802 -4801]
 [-4800 -4799 -4798 ... -4703 -4702 -4701]
 ...
 [ 4700  4701  4702 ...  4797  4798  4799]
 [ 4800  4801  4802 ...  4897  4898  4899]
 [ 4900  4901  4902 ...  4997  4998  4999]]
)~"},
    {"float32 arithmetic results print", 0,
     R"~(import numpy as np
a = np.linspace(0, 1, 7, dtype=np.float32)
print(a, a * 3, a.sum(), a.mean(), np.float32(0.1) + np.float32(0.2))
)~",
     R"~([0.         0.16666667 0.33333334 0.5        0.6666667  0.8333333
 1.        ] [0.  0.5 1.  1.5 2.  2.5 3. ] 3.5 0.5 0.3
)~"},
    {"linspace and arange printing", 0,
     R"~(import numpy as np
print(np.linspace(0, 1, 11))
print(np.linspace(-1, 1, 5), np.arange(0, 1, 0.1))
print(np.linspace(0, 10, 4))
)~",
     R"~([0.  0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1. ]
[-1.  -0.5  0.   0.5  1. ] [0.  0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9]
[ 0.          3.33333333  6.66666667 10.        ]
)~"},
    {"scalars str repr", 0,
     R"~(import numpy as np
print(np.int64(5), repr(np.int64(5)), np.float64(1e-5), repr(np.float64(0.1)), np.bool_(True), np.float32(3.0), np.uint8(200), np.complex128(1 + 1j), np.float16(2.5), np.float64(1e16))
)~",
     R"~(5 5 1e-05 0.1 True 3.0 200 (1+1j) 2.5 1e+16
)~"},
    {"array of int with large width wrap", 0,
     R"~(import numpy as np
print(np.arange(30) * 123456789)
)~",
     R"~([         0  123456789  246913578  370370367  493827156  617283945
  740740734  864197523  987654312 1111111101 1234567890 1358024679
 1481481468 1604938257 1728395046 1851851835 1975308624 2098765413
 2222222202 2345678991 2469135780 2592592569 2716049358 2839506147
 2962962936 3086419725 3209876514 3333333303 3456790092 3580246881]
)~"},
    {"array str of 3d with blank lines", 0,
     R"~(import numpy as np
print(np.arange(24).reshape(2, 3, 4))
print(np.zeros((2, 1, 2, 2)))
)~",
     R"~([[[ 0  1  2  3]
  [ 4  5  6  7]
  [ 8  9 10 11]]

 [[12 13 14 15]
  [16 17 18 19]
  [20 21 22 23]]]
[[[[0. 0.]
   [0. 0.]]]


 [[[0. 0.]
   [0. 0.]]]]
)~"},
    {"negative zero and sign column", 0,
     R"~(import numpy as np
print(np.array([-0.0, 1.0]), np.array([-1.0, 1.0]), np.array([[-0.0], [0.0]]), np.array([-0.5, 10.0]))
)~",
     R"~([-0.  1.] [-1.  1.] [[-0.]
 [ 0.]] [-0.5 10. ]
)~"},
    {"printing after astype", 0,
     R"~(import numpy as np
a = np.arange(5)
print(a.astype(np.float32) / 3, a.astype(bool), a.astype(np.int8) - 10, a.astype(np.complex64))
)~",
     R"~([0.         0.33333334 0.6666667  1.         1.3333334 ] [False  True  True  True  True] [-10  -9  -8  -7  -6] [0.+0.j 1.+0.j 2.+0.j 3.+0.j 4.+0.j]
)~"},
};

TEST_CASE("NumPy printing (31 programs)", "[format][numpy]") { check_all(k_np_print, sizeof(k_np_print) / sizeof(Case)); }
