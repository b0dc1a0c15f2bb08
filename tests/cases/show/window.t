# lets show: the window on whole-file targets, --window N and --all.

### the spec's example: a file over the default window of 200 lines (LETS_NO_STATS=1: no cost)
@env LETS_NO_STATS=1
$ lets show big.ts
── big.ts  (1-200 of 212 · window 200 · :201-212 not shown) · sha:574d0277c814
  1 	export const v1 = 1
  2 	export const v2 = 2
  3 	export const v3 = 3
  4 	export const v4 = 4
  5 	export const v5 = 5
  6 	export const v6 = 6
  7 	export const v7 = 7
  8 	export const v8 = 8
  9 	export const v9 = 9
 10 	export const v10 = 10
 11 	export const v11 = 11
 12 	export const v12 = 12
 13 	export const v13 = 13
 14 	export const v14 = 14
 15 	export const v15 = 15
 16 	export const v16 = 16
 17 	export const v17 = 17
 18 	export const v18 = 18
 19 	export const v19 = 19
 20 	export const v20 = 20
 21 	export const v21 = 21
 22 	export const v22 = 22
 23 	export const v23 = 23
 24 	export const v24 = 24
 25 	export const v25 = 25
 26 	export const v26 = 26
 27 	export const v27 = 27
 28 	export const v28 = 28
 29 	export const v29 = 29
 30 	export const v30 = 30
 31 	export const v31 = 31
 32 	export const v32 = 32
 33 	export const v33 = 33
 34 	export const v34 = 34
 35 	export const v35 = 35
 36 	export const v36 = 36
 37 	export const v37 = 37
 38 	export const v38 = 38
 39 	export const v39 = 39
 40 	export const v40 = 40
 41 	export const v41 = 41
 42 	export const v42 = 42
 43 	export const v43 = 43
 44 	export const v44 = 44
 45 	export const v45 = 45
 46 	export const v46 = 46
 47 	export const v47 = 47
 48 	export const v48 = 48
 49 	export const v49 = 49
 50 	export const v50 = 50
 51 	export const v51 = 51
 52 	export const v52 = 52
 53 	export const v53 = 53
 54 	export const v54 = 54
 55 	export const v55 = 55
 56 	export const v56 = 56
 57 	export const v57 = 57
 58 	export const v58 = 58
 59 	export const v59 = 59
 60 	export const v60 = 60
 61 	export const v61 = 61
 62 	export const v62 = 62
 63 	export const v63 = 63
 64 	export const v64 = 64
 65 	export const v65 = 65
 66 	export const v66 = 66
 67 	export const v67 = 67
 68 	export const v68 = 68
 69 	export const v69 = 69
 70 	export const v70 = 70
 71 	export const v71 = 71
 72 	export const v72 = 72
 73 	export const v73 = 73
 74 	export const v74 = 74
 75 	export const v75 = 75
 76 	export const v76 = 76
 77 	export const v77 = 77
 78 	export const v78 = 78
 79 	export const v79 = 79
 80 	export const v80 = 80
 81 	export const v81 = 81
 82 	export const v82 = 82
 83 	export const v83 = 83
 84 	export const v84 = 84
 85 	export const v85 = 85
 86 	export const v86 = 86
 87 	export const v87 = 87
 88 	export const v88 = 88
 89 	export const v89 = 89
 90 	export const v90 = 90
 91 	export const v91 = 91
 92 	export const v92 = 92
 93 	export const v93 = 93
 94 	export const v94 = 94
 95 	export const v95 = 95
 96 	export const v96 = 96
 97 	export const v97 = 97
 98 	export const v98 = 98
 99 	export const v99 = 99
100 	export const v100 = 100
101 	export const v101 = 101
102 	export const v102 = 102
103 	export const v103 = 103
104 	export const v104 = 104
105 	export const v105 = 105
106 	export const v106 = 106
107 	export const v107 = 107
108 	export const v108 = 108
109 	export const v109 = 109
110 	export const v110 = 110
111 	export const v111 = 111
112 	export const v112 = 112
113 	export const v113 = 113
114 	export const v114 = 114
115 	export const v115 = 115
116 	export const v116 = 116
117 	export const v117 = 117
118 	export const v118 = 118
119 	export const v119 = 119
120 	export const v120 = 120
121 	export const v121 = 121
122 	export const v122 = 122
123 	export const v123 = 123
124 	export const v124 = 124
125 	export const v125 = 125
126 	export const v126 = 126
127 	export const v127 = 127
128 	export const v128 = 128
129 	export const v129 = 129
130 	export const v130 = 130
131 	export const v131 = 131
132 	export const v132 = 132
133 	export const v133 = 133
134 	export const v134 = 134
135 	export const v135 = 135
136 	export const v136 = 136
137 	export const v137 = 137
138 	export const v138 = 138
139 	export const v139 = 139
140 	export const v140 = 140
141 	export const v141 = 141
142 	export const v142 = 142
143 	export const v143 = 143
144 	export const v144 = 144
145 	export const v145 = 145
146 	export const v146 = 146
147 	export const v147 = 147
148 	export const v148 = 148
149 	export const v149 = 149
150 	export const v150 = 150
151 	export const v151 = 151
152 	export const v152 = 152
153 	export const v153 = 153
154 	export const v154 = 154
155 	export const v155 = 155
156 	export const v156 = 156
157 	export const v157 = 157
158 	export const v158 = 158
159 	export const v159 = 159
160 	export const v160 = 160
161 	export const v161 = 161
162 	export const v162 = 162
163 	export const v163 = 163
164 	export const v164 = 164
165 	export const v165 = 165
166 	export const v166 = 166
167 	export const v167 = 167
168 	export const v168 = 168
169 	export const v169 = 169
170 	export const v170 = 170
171 	export const v171 = 171
172 	export const v172 = 172
173 	export const v173 = 173
174 	export const v174 = 174
175 	export const v175 = 175
176 	export const v176 = 176
177 	export const v177 = 177
178 	export const v178 = 178
179 	export const v179 = 179
180 	export const v180 = 180
181 	export const v181 = 181
182 	export const v182 = 182
183 	export const v183 = 183
184 	export const v184 = 184
185 	export const v185 = 185
186 	export const v186 = 186
187 	export const v187 = 187
188 	export const v188 = 188
189 	export const v189 = 189
190 	export const v190 = 190
191 	export const v191 = 191
192 	export const v192 = 192
193 	export const v193 = 193
194 	export const v194 = 194
195 	export const v195 = 195
196 	export const v196 = 196
197 	export const v197 = 197
198 	export const v198 = 198
199 	export const v199 = 199
200 	export const v200 = 200
── showed 1 target · 200 lines · :201-212 not shown

### the windowed footer ends with the cost when stats are on (4584 bytes = 1146 tokens)
$ lets show big.ts
── big.ts  (1-200 of 212 · window 200 · :201-212 not shown) · sha:574d0277c814
[...]
200 	export const v200 = 200
── showed 1 target · 200 lines · :201-212 not shown · ~1.1k tokens

### --window 3 cuts a 15-line file after line 3
$ lets show small.md --window 3
── small.md  (1-3 of 15 · window 3 · :4-15 not shown) · sha:c1191fa80cd5
1 	# lets
2 	
3 	One grammar every verb speaks.
── showed 1 target · 3 lines · :4-15 not shown · ~9 tokens

### control: a window equal to the file's length cuts nothing and is not named
$ lets show small.md --window 15
── small.md  (1-15 of 15) · sha:c1191fa80cd5
 1 	# lets
 2 	
 3 	One grammar every verb speaks.
 4 	
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
13 	## Next
14 	
15 	Run lets guide once.
── showed 1 target · 15 lines · ~45 tokens

### a window one short of the file leaves out only the last line
$ lets show small.md --window 14
── small.md  (1-14 of 15 · window 14 · :15-15 not shown) · sha:c1191fa80cd5
 1 	# lets
 2 	
 3 	One grammar every verb speaks.
 4 	
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
13 	## Next
14 	
── showed 1 target · 14 lines · :15-15 not shown · ~40 tokens

### --window=N is the same as --window N
$ lets show small.md --window=3
── small.md  (1-3 of 15 · window 3 · :4-15 not shown) · sha:c1191fa80cd5
1 	# lets
2 	
3 	One grammar every verb speaks.
── showed 1 target · 3 lines · :4-15 not shown · ~9 tokens

### the window applies to each whole-file target on its own
$ lets show small.md src/config.ts --window 2
── small.md  (1-2 of 15 · window 2 · :3-15 not shown) · sha:c1191fa80cd5
1 	# lets
2 	
── src/config.ts  (1-2 of 2) · sha:4f49d457dfea
1 	export const usageCap = 10
2 	export const retries = 3
── showed 2 targets · 4 lines · :3-15 not shown · ~15 tokens

### --all lifts the window and prints the cost line first (4872 bytes = 1218 tokens)
$ lets show big.ts --all
── ~1.2k tokens
── big.ts  (1-212 of 212) · sha:574d0277c814
  1 	export const v1 = 1
  2 	export const v2 = 2
  3 	export const v3 = 3
  4 	export const v4 = 4
  5 	export const v5 = 5
  6 	export const v6 = 6
  7 	export const v7 = 7
  8 	export const v8 = 8
  9 	export const v9 = 9
 10 	export const v10 = 10
 11 	export const v11 = 11
 12 	export const v12 = 12
 13 	export const v13 = 13
 14 	export const v14 = 14
 15 	export const v15 = 15
 16 	export const v16 = 16
 17 	export const v17 = 17
 18 	export const v18 = 18
 19 	export const v19 = 19
 20 	export const v20 = 20
 21 	export const v21 = 21
 22 	export const v22 = 22
 23 	export const v23 = 23
 24 	export const v24 = 24
 25 	export const v25 = 25
 26 	export const v26 = 26
 27 	export const v27 = 27
 28 	export const v28 = 28
 29 	export const v29 = 29
 30 	export const v30 = 30
 31 	export const v31 = 31
 32 	export const v32 = 32
 33 	export const v33 = 33
 34 	export const v34 = 34
 35 	export const v35 = 35
 36 	export const v36 = 36
 37 	export const v37 = 37
 38 	export const v38 = 38
 39 	export const v39 = 39
 40 	export const v40 = 40
 41 	export const v41 = 41
 42 	export const v42 = 42
 43 	export const v43 = 43
 44 	export const v44 = 44
 45 	export const v45 = 45
 46 	export const v46 = 46
 47 	export const v47 = 47
 48 	export const v48 = 48
 49 	export const v49 = 49
 50 	export const v50 = 50
 51 	export const v51 = 51
 52 	export const v52 = 52
 53 	export const v53 = 53
 54 	export const v54 = 54
 55 	export const v55 = 55
 56 	export const v56 = 56
 57 	export const v57 = 57
 58 	export const v58 = 58
 59 	export const v59 = 59
 60 	export const v60 = 60
 61 	export const v61 = 61
 62 	export const v62 = 62
 63 	export const v63 = 63
 64 	export const v64 = 64
 65 	export const v65 = 65
 66 	export const v66 = 66
 67 	export const v67 = 67
 68 	export const v68 = 68
 69 	export const v69 = 69
 70 	export const v70 = 70
 71 	export const v71 = 71
 72 	export const v72 = 72
 73 	export const v73 = 73
 74 	export const v74 = 74
 75 	export const v75 = 75
 76 	export const v76 = 76
 77 	export const v77 = 77
 78 	export const v78 = 78
 79 	export const v79 = 79
 80 	export const v80 = 80
 81 	export const v81 = 81
 82 	export const v82 = 82
 83 	export const v83 = 83
 84 	export const v84 = 84
 85 	export const v85 = 85
 86 	export const v86 = 86
 87 	export const v87 = 87
 88 	export const v88 = 88
 89 	export const v89 = 89
 90 	export const v90 = 90
 91 	export const v91 = 91
 92 	export const v92 = 92
 93 	export const v93 = 93
 94 	export const v94 = 94
 95 	export const v95 = 95
 96 	export const v96 = 96
 97 	export const v97 = 97
 98 	export const v98 = 98
 99 	export const v99 = 99
100 	export const v100 = 100
101 	export const v101 = 101
102 	export const v102 = 102
103 	export const v103 = 103
104 	export const v104 = 104
105 	export const v105 = 105
106 	export const v106 = 106
107 	export const v107 = 107
108 	export const v108 = 108
109 	export const v109 = 109
110 	export const v110 = 110
111 	export const v111 = 111
112 	export const v112 = 112
113 	export const v113 = 113
114 	export const v114 = 114
115 	export const v115 = 115
116 	export const v116 = 116
117 	export const v117 = 117
118 	export const v118 = 118
119 	export const v119 = 119
120 	export const v120 = 120
121 	export const v121 = 121
122 	export const v122 = 122
123 	export const v123 = 123
124 	export const v124 = 124
125 	export const v125 = 125
126 	export const v126 = 126
127 	export const v127 = 127
128 	export const v128 = 128
129 	export const v129 = 129
130 	export const v130 = 130
131 	export const v131 = 131
132 	export const v132 = 132
133 	export const v133 = 133
134 	export const v134 = 134
135 	export const v135 = 135
136 	export const v136 = 136
137 	export const v137 = 137
138 	export const v138 = 138
139 	export const v139 = 139
140 	export const v140 = 140
141 	export const v141 = 141
142 	export const v142 = 142
143 	export const v143 = 143
144 	export const v144 = 144
145 	export const v145 = 145
146 	export const v146 = 146
147 	export const v147 = 147
148 	export const v148 = 148
149 	export const v149 = 149
150 	export const v150 = 150
151 	export const v151 = 151
152 	export const v152 = 152
153 	export const v153 = 153
154 	export const v154 = 154
155 	export const v155 = 155
156 	export const v156 = 156
157 	export const v157 = 157
158 	export const v158 = 158
159 	export const v159 = 159
160 	export const v160 = 160
161 	export const v161 = 161
162 	export const v162 = 162
163 	export const v163 = 163
164 	export const v164 = 164
165 	export const v165 = 165
166 	export const v166 = 166
167 	export const v167 = 167
168 	export const v168 = 168
169 	export const v169 = 169
170 	export const v170 = 170
171 	export const v171 = 171
172 	export const v172 = 172
173 	export const v173 = 173
174 	export const v174 = 174
175 	export const v175 = 175
176 	export const v176 = 176
177 	export const v177 = 177
178 	export const v178 = 178
179 	export const v179 = 179
180 	export const v180 = 180
181 	export const v181 = 181
182 	export const v182 = 182
183 	export const v183 = 183
184 	export const v184 = 184
185 	export const v185 = 185
186 	export const v186 = 186
187 	export const v187 = 187
188 	export const v188 = 188
189 	export const v189 = 189
190 	export const v190 = 190
191 	export const v191 = 191
192 	export const v192 = 192
193 	export const v193 = 193
194 	export const v194 = 194
195 	export const v195 = 195
196 	export const v196 = 196
197 	export const v197 = 197
198 	export const v198 = 198
199 	export const v199 = 199
200 	export const v200 = 200
201 	export const v201 = 201
202 	export const v202 = 202
203 	export const v203 = 203
204 	export const v204 = 204
205 	export const v205 = 205
206 	export const v206 = 206
207 	export const v207 = 207
208 	export const v208 = 208
209 	export const v209 = 209
210 	export const v210 = 210
211 	export const v211 = 211
212 	export const v212 = 212
── showed 1 target · 212 lines · ~1.2k tokens

### --all on a small file: cost line first, the footer still ends with the cost
$ lets show small.md --all
── ~45 tokens
── small.md  (1-15 of 15) · sha:c1191fa80cd5
 1 	# lets
 2 	
 3 	One grammar every verb speaks.
 4 	
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
13 	## Next
14 	
15 	Run lets guide once.
── showed 1 target · 15 lines · ~45 tokens

### --all wins over --window
$ lets show small.md --window 3 --all
── ~45 tokens
── small.md  (1-15 of 15) · sha:c1191fa80cd5
 1 	# lets
 2 	
 3 	One grammar every verb speaks.
 4 	
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
13 	## Next
14 	
15 	Run lets guide once.
── showed 1 target · 15 lines · ~45 tokens

### --all under LETS_NO_STATS=1: no cost, so no cost line
# spec-silent: the cost line is a cost segment; with tokens_est null there is nothing to print
@env LETS_NO_STATS=1
$ lets show small.md --all
── small.md  (1-15 of 15) · sha:c1191fa80cd5
 1 	# lets
 2 	
 3 	One grammar every verb speaks.
 4 	
 5 	## Bottom line
 6 	
 7 	Read, find, edit and transform in one call.
 8 	The footer names what was left out.
 9 	
10 	- show
11 	- find
12 	
13 	## Next
14 	
15 	Run lets guide once.
── showed 1 target · 15 lines

### --all on an empty file: zero bytes, no cost line
# spec-silent: bytes 0 gives tokens_est null, so no cost line
$ lets show empty.md --all
── empty.md · sha:af1349b9f5f9
── showed 1 target · 0 lines
