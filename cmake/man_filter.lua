-- pandoc filter for the man pages (cmake/manpages.cmake): what reads well on a terminal.
--  * A table becomes a definition list (first column: the term; the others: its text, each under
--    its column's heading when there are more than two), so groff has no table wider than the page.
--  * `\|` in code (a pipe escaped inside a table cell) is a plain `|`; a long code span may break
--    after a comma.
--  * A link to another doc names its man page (check.md: bpgn-check(1)) or, for a doc without one,
--    its installed path (rules.md: /usr/share/doc/bpgn/rules.md); so does a bare `rules.md` in the
--    text or as the whole of a code span. A link within the page keeps only its text.
--  * The doc's own "Options" section follows the generated OPTIONS as "Options in detail".
-- Metadata: bpgn-docs (the installed docs folder), bpgn-pages ("check.md=bpgn-check,...").

local docs_dir = "/usr/share/doc/bpgn"
local page_of = {}

local function read_meta(meta)
  if meta["bpgn-docs"] then docs_dir = pandoc.utils.stringify(meta["bpgn-docs"]) end
  if meta["bpgn-pages"] then
    for doc, page in pandoc.utils.stringify(meta["bpgn-pages"]):gmatch("([^,=]+)=([^,]+)") do
      page_of[doc] = page
    end
  end
end

-- What stands for the doc `name` ("rules.md"): its man page, else its installed path.
local function reference(name)
  if page_of[name] then return page_of[name] .. "(1)" end
  return docs_dir .. "/" .. name
end

local function cells_of(row) return row.cells or row[2] end
local function contents_of(cell) return cell.contents or cell[5] end

local function table_to_list(tbl)
  local headings = {}
  if tbl.head and tbl.head.rows and #tbl.head.rows > 0 then
    for i, cell in ipairs(cells_of(tbl.head.rows[1])) do
      headings[i] = pandoc.utils.stringify(contents_of(cell))
    end
  end
  local items = {}
  for _, body in ipairs(tbl.bodies) do
    for _, row in ipairs(body.body) do
      local cells = cells_of(row)
      local term = pandoc.utils.blocks_to_inlines(contents_of(cells[1]))
      local definition = {}
      for i = 2, #cells do
        local blocks = contents_of(cells[i])
        if #cells > 2 and headings[i] and headings[i] ~= "" and #blocks > 0 then
          local inlines = pandoc.utils.blocks_to_inlines(blocks)
          table.insert(inlines, 1, pandoc.Emph({pandoc.Str(headings[i] .. ":")}))
          table.insert(inlines, 2, pandoc.Space())
          table.insert(definition, pandoc.Para(inlines))
        else
          for _, b in ipairs(blocks) do table.insert(definition, b) end
        end
      end
      table.insert(items, {term, {definition}})
    end
  end
  return pandoc.DefinitionList(items)
end

local function doc_name(target)
  local name = target:match("^([%w_%-]+%.md)#") or target:match("^([%w_%-]+%.md)$")
  return name
end

local filter = {
  Table = table_to_list,
  Code = function(code)
    code.text = code.text:gsub("\\|", "|")
    local named = code.text:match("^docs/([%w_%-]+%.md)$") or code.text:match("^([%w_%-]+%.md)$")
    if named then return pandoc.Str(reference(named)) end
    if #code.text <= 50 then return code end
    -- A long code span (a JSON object) may break after its commas (groff's \: break point), so
    -- groff need not stretch or overrun the line.
    local out = {}
    for piece in code.text:gmatch("[^,]*,?") do
      if piece ~= "" then
        if #out > 0 then table.insert(out, pandoc.RawInline("man", "\\:")) end
        table.insert(out, pandoc.Code(piece))
      end
    end
    return out
  end,
  Link = function(link)
    if link.target:sub(1, 1) == "#" then return link.content end
    local name = doc_name(link.target)
    if not name then return nil end
    local ref = reference(name)
    local text = pandoc.utils.stringify(link.content)
    if text == name or text == "docs/" .. name then return pandoc.Str(ref) end
    local out = link.content
    table.insert(out, pandoc.Space())
    table.insert(out, pandoc.Str("(" .. ref .. ")"))
    return out
  end,
  Header = function(header)
    if pandoc.utils.stringify(header.content) == "Options" then
      header.content = {pandoc.Str("Options in detail")}
      return header
    end
  end,
}

-- After the links (a filter works bottom-up: a link's text would be rewritten before the link).
local bare_names = {
  Str = function(str)
    local text, n = str.text:gsub("[%w_%-/]*%.md", function(m)
      local name = m:match("^docs/([%w_%-]+%.md)$") or m:match("^([%w_%-]+%.md)$")
      if name then return reference(name) end
      return m
    end)
    if n == 0 then return nil end
    return pandoc.Str(text)
  end,
}

-- Lines filled, not adjusted to both margins, and no hyphenation: a page of long code spans and
-- option names reads better so, and groff never has to stretch a line it cannot ("cannot adjust").
local layout = {
  Pandoc = function(doc)
    table.insert(doc.blocks, 1, pandoc.RawBlock("man", ".ad l\n.nh"))
    return doc
  end,
}

return {{Meta = read_meta}, filter, bare_names, layout}
